/**
 * Measures what a kept parse really holds on the heap, per cache of parses: the figures simulators/parse-cache.ts
 * charges its entries (a fixed part per entry and a factor per character of text). Two workloads: generated
 * scenarios (many small files, simulated in full) and large files of each kind (simulated in lint); for each
 * cache, the heap freed by dropping its entries, after what else keeps simulation results was dropped.
 *
 *   node --expose-gc --import tsx scripts/parse-memory.ts [scenarios] [large copies]
 */
import { generateScenario } from "../generator/generate.js";
import { forgetAssessments } from "../graders/kept-assessments.js";
import { simulateRepository } from "../simulators/index.js";
import { forgetSections } from "../simulators/incremental/sections.js";
import { forgetParses, parseCacheUse } from "../simulators/parse-cache.js";
import { repositoryFrom } from "../simulators/repository.js";
import { EMPTY_WORLD } from "../simulators/world.js";
import { GENERATED_DIFFICULTIES } from "../tasks/generator/task.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const heap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

interface Measured {
  name: string;
  entries: number;
  chars: number;
  charged: number;
  freed: number;
}

/** The heap each cache frees when its entries are dropped, after everything else that keeps results was. */
function measure(): Measured[] {
  forgetSections();
  forgetAssessments();
  const out: Measured[] = [];
  for (const use of parseCacheUse()) {
    const before = heap();
    forgetParses(use.name);
    out.push({ name: use.name, entries: use.entries, chars: use.chars, charged: use.bytes, freed: before - heap() });
  }
  return out;
}

function largeManifest(copy: number, deployments: number): string {
  return Array.from({ length: deployments }, (_, i) =>
    [
      "apiVersion: apps/v1",
      "kind: Deployment",
      "metadata:",
      `  name: app-${copy}-${i}`,
      "spec:",
      "  replicas: 2",
      "  selector:",
      `    matchLabels: { app: app-${i} }`,
      "  template:",
      "    metadata:",
      `      labels: { app: app-${i} }`,
      "    spec:",
      "      containers:",
      "        - name: web",
      `          image: ghcr.io/acme/app-${i}:1.${copy}.0`,
      "          ports: [{ containerPort: 8080 }]",
      "          resources: { requests: { cpu: 100m, memory: 128Mi }, limits: { memory: 256Mi } }",
      "          readinessProbe: { httpGet: { path: /healthz, port: 8080 } }",
    ].join("\n"),
  ).join("\n---\n");
}

function largeWorkflow(copy: number, jobs: number): string {
  const lines = ["name: ci", "on: [push]", "jobs:"];
  for (let j = 0; j < jobs; j++) {
    lines.push(`  job${j}:`, "    runs-on: ubuntu-latest", "    steps:", "      - uses: actions/checkout@v4", `      - run: echo build ${copy} ${j}`, `      - run: npm test -- --shard=${j}`);
  }
  return lines.join("\n") + "\n";
}

function largeDockerfile(copy: number, runs: number): string {
  const lines = ["FROM node:20-alpine", "WORKDIR /app"];
  for (let i = 0; i < runs; i++) lines.push(`RUN echo ${copy} ${i} > /tmp/f${i}`);
  return lines.join("\n") + "\n";
}

const scenarios = Number(process.argv[2] ?? 400);
const copies = Number(process.argv[3] ?? 8);
forgetParses();
for (let seed = 1; seed <= scenarios; seed++) generateScenario({ split: "train", difficulty: GENERATED_DIFFICULTIES[seed % 4]!, seed });
const small = measure();
for (let copy = 0; copy < copies; copy++) {
  const files = {
    "k8s/app.yaml": { content: largeManifest(copy, 200), mode: "100644" },
    ".github/workflows/ci.yml": { content: largeWorkflow(copy, 150), mode: "100644" },
    Dockerfile: { content: largeDockerfile(copy, 3000), mode: "100644" },
  } as const;
  simulateRepository(repositoryFrom(files as never), EMPTY_WORLD, { worldKnown: false });
}
const large = measure();

console.log("cache | workload | entries | chars | charged MB | freed MB | freed per char");
for (const [label, rows] of [["generated", small], ["large", large]] as const) {
  for (const r of rows) {
    if (r.entries === 0) continue;
    console.log(`${r.name} | ${label} | ${r.entries} | ${r.chars} | ${(r.charged / 1e6).toFixed(1)} | ${(r.freed / 1e6).toFixed(1)} | ${(r.freed / r.chars).toFixed(1)}`);
  }
}
// A fixed part and a factor per character that fit both workloads: freed = entries * fixed + chars * factor.
for (const s of small) {
  const l = large.find((x) => x.name === s.name);
  if (!l || l.entries === 0 || s.entries === 0) continue;
  const det = s.entries * l.chars - l.entries * s.chars;
  const factor = (s.entries * l.freed - l.entries * s.freed) / det;
  const fixed = (s.freed - s.chars * factor) / s.entries;
  console.log(`${s.name}: ${fixed.toFixed(0)} bytes per entry + ${factor.toFixed(1)} per character`);
}
