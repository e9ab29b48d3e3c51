/**
 * The generator's bases: each is a clean repository every simulator passes, whose delivery runs whole (the
 * workflow builds and pushes, the cluster pulls what was pushed, pods start, are probed and take traffic),
 * whose split assignment gives an honest test split, and whose every world fact is written somewhere in its
 * files, as a fact and not as a fix.
 */
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { simulateRepository, usesPipeline } from "../../simulators/index.js";
import { isManifestPath } from "../../simulators/k8s/index.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { checkKey } from "../../simulators/simulation.js";
import { BASES } from "../../tasks/bases/index.js";
import type { GeneratorBase } from "../../tasks/generator/bases.js";
import { GENERATOR_BASES } from "../../tasks/generator/bases.js";

function text(base: GeneratorBase, file: string): string | undefined {
  const f = base.files[file];
  return f === undefined ? undefined : typeof f === "string" ? f : f.content;
}

interface ManifestObject {
  file: string;
  kind: string;
  images: string[];
}

/** The objects of a base's manifests, with the images their pods run (init containers included). */
function manifestObjects(base: GeneratorBase): ManifestObject[] {
  const out: ManifestObject[] = [];
  for (const [file] of Object.entries(base.files)) {
    const content = text(base, file)!;
    if (!isManifestPath(file, content)) continue;
    for (const doc of parseAllDocuments(content)) {
      const value = doc.toJS() as Record<string, unknown> | null;
      if (!value || typeof value["kind"] !== "string") continue;
      const images = JSON.stringify(value).match(/"image":"[^"]+"/g)?.map((m) => m.slice(9, -1)) ?? [];
      out.push({ file, kind: value["kind"], images });
    }
  }
  return out;
}

const WORKLOADS = new Set(["Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod"]);

/** The rules a whole delivery must have evaluated on a file, from the kinds of its objects. */
function expectedChecks(base: GeneratorBase, objects: readonly ManifestObject[]): string[] {
  const keys = new Set<string>();
  for (const o of objects) {
    keys.add(checkKey("K8S001", o.file));
    keys.add(checkKey("PIPE001", o.file));
    if (WORKLOADS.has(o.kind)) {
      for (const code of ["K8S020", "K8S021", "K8S022", "K8S023", "K8S026", "K8S027"]) keys.add(checkKey(code, o.file));
      // The app's own image: its required variables and its memory are judged too.
      if (o.images.some((i) => i.includes("acme/"))) for (const code of ["K8S024", "K8S025"]) keys.add(checkKey(code, o.file));
    }
    if (o.kind === "Service") for (const code of ["K8S030", "K8S031"]) keys.add(checkKey(code, o.file));
    if (o.kind === "Ingress") for (const code of ["K8S032", "K8S033"]) keys.add(checkKey(code, o.file));
    if (o.kind === "NetworkPolicy") keys.add(checkKey("K8S034", o.file));
  }
  void base;
  return [...keys].sort();
}

/** The facts a base's world holds that a repair could need, in the discoverable list's fixed form. */
function worldFacts(base: GeneratorBase, objects: readonly ManifestObject[]): string[] {
  const facts: string[] = [];
  for (const app of base.world.apps) {
    if (app.port !== undefined) facts.push(`port ${app.port}`);
    if (app.memory_mib !== undefined) facts.push(`memory ${app.memory_mib} MiB`);
    for (const name of app.required_env) facts.push(`env ${name}`);
    for (const route of new Set([app.health_path, ...(app.routes ?? [])])) facts.push(`route ${route}`);
    if (app.build_output_dir !== undefined) facts.push(`build output ${app.build_output_dir}`);
  }
  const cluster = base.world.cluster;
  if (objects.some((o) => o.kind === "Ingress")) for (const c of cluster.ingress_classes) facts.push(`ingress class ${c}`);
  facts.push(`node memory ${cluster.node.memory_mib} MiB`);
  if (cluster.namespace !== "default") facts.push(`namespace ${cluster.namespace}`);
  for (const secret of base.world.secrets) facts.push(`repository secret ${secret}`);
  return facts;
}

describe("generator bases", () => {
  it("are at least 14, with unique ids that no curated base uses", () => {
    const ids = GENERATOR_BASES.map((b) => b.id);
    expect(ids.length).toBeGreaterThanOrEqual(14);
    expect(new Set(ids).size).toBe(ids.length);
    const curated = new Set(BASES.map((b) => b.id));
    expect(ids.filter((id) => curated.has(id))).toEqual([]);
  });

  it("split into at least 10 train and 4 test bases, none in both", () => {
    const train = GENERATOR_BASES.filter((b) => b.split === "train");
    const test = GENERATOR_BASES.filter((b) => b.split === "test");
    expect(train.length).toBeGreaterThanOrEqual(10);
    expect(test.length).toBeGreaterThanOrEqual(4);
    expect(train.length + test.length).toBe(GENERATOR_BASES.length);
    const trainIds = new Set(train.map((b) => b.id));
    expect(test.filter((b) => trainIds.has(b.id))).toEqual([]);
  });

  it("hold out repositories, not technologies: test bases use languages train has, and one shape train lacks", () => {
    const train = GENERATOR_BASES.filter((b) => b.split === "train");
    const test = GENERATOR_BASES.filter((b) => b.split === "test");
    const trainLanguages = new Set(train.flatMap((b) => b.stack.languages));
    const trainShapes = new Set(train.map((b) => b.stack.shape));
    for (const b of test) {
      expect(b.stack.languages.filter((l) => !trainLanguages.has(l)), b.id).toEqual([]);
      expect(trainShapes.has(b.stack.shape), b.id).toBe(true);
    }
    const trainBuilds = new Set(train.flatMap((b) => b.stack.build));
    const trainFrameworks = new Set(train.flatMap((b) => b.stack.frameworks));
    const novel = test.filter((b) => b.stack.build.some((t) => !trainBuilds.has(t)) || b.stack.frameworks.some((f) => !trainFrameworks.has(f)));
    expect(novel.length).toBeGreaterThan(0);
  });

  it("cover the stacks the generator needs", () => {
    const has = (pred: (b: GeneratorBase) => boolean) => GENERATOR_BASES.some(pred);
    expect(has((b) => b.stack.frameworks.includes("fastapi") || b.stack.frameworks.includes("flask"))).toBe(true);
    expect(has((b) => b.stack.frameworks.includes("django") && b.stack.frameworks.includes("celery"))).toBe(true);
    expect(has((b) => b.stack.frameworks.includes("express"))).toBe(true);
    expect(has((b) => b.stack.shape === "static-site" && b.stack.frameworks.includes("react"))).toBe(true);
    expect(has((b) => b.stack.languages.includes("go"))).toBe(true);
    expect(has((b) => b.stack.frameworks.includes("spring-boot") && b.stack.build.includes("maven"))).toBe(true);
    expect(has((b) => b.stack.frameworks.includes("spring-boot") && b.stack.build.includes("gradle"))).toBe(true);
    expect(has((b) => b.stack.shape === "monorepo")).toBe(true);
    expect(has((b) => b.stack.shape === "api-database")).toBe(true);
  });

  for (const base of GENERATOR_BASES) {
    describe(base.id, () => {
      const repo = repositoryFrom(base.files);
      const objects = manifestObjects(base);

      it("passes every simulator with no finding at all", () => {
        const result = simulateRepository(repo, base.world, { worldKnown: true, context: true });
        expect(result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line} ${d.message}`)).toEqual([]);
      });

      it("delivers whole: its workflow builds and pushes, and the cluster runs, probes and routes what was pushed", () => {
        expect(usesPipeline(repo, {})).toBe(true);
        expect(objects.some((o) => WORKLOADS.has(o.kind) && o.images.some((i) => i.includes("acme/")))).toBe(true);
        // The registry holds none of the base's own images: a pod that pulls one pulls what the run pushed.
        expect(Object.keys(base.world.registry).filter((r) => r.includes("acme/"))).toEqual([]);
        const result = simulateRepository(repo, base.world, { worldKnown: true, context: true });
        const missing = expectedChecks(base, objects).filter((k) => !result.checked.has(k));
        expect(missing).toEqual([]);
      });

      it("has Dockerfiles, a CI workflow, a release workflow and manifests", () => {
        const paths = Object.keys(base.files);
        expect(paths.some((p) => /(^|\/)Dockerfile$/.test(p))).toBe(true);
        expect(paths.filter((p) => p.startsWith(".github/workflows/")).length).toBeGreaterThanOrEqual(2);
        expect(objects.some((o) => o.kind === "Service")).toBe(true);
      });

      it("says where each discoverable fact is, verbatim", () => {
        for (const d of base.discoverable) {
          const content = text(base, d.file);
          expect(content, `${d.fact}: no file ${d.file}`).toBeDefined();
          expect(content!.includes(d.text), `${d.fact}: ${JSON.stringify(d.text)} is not in ${d.file}`).toBe(true);
        }
      });

      it("makes every world fact a repair could need discoverable", () => {
        const listed = new Set(base.discoverable.map((d) => d.fact));
        expect(worldFacts(base, objects).filter((f) => !listed.has(f))).toEqual([]);
        const secrets = Object.keys(base.world.cluster.secrets);
        expect(secrets.filter((s) => ![...listed].some((f) => f.startsWith(`secret ${s}/`)))).toEqual([]);
        // A number the world holds is the number the text gives.
        for (const d of base.discoverable) {
          const n = /^(?:port|memory) (\d+)/.exec(d.fact)?.[1];
          if (n !== undefined) expect(d.text, d.fact).toContain(n);
        }
      });

      it("states facts, never fixes", () => {
        for (const d of base.discoverable) expect(d.text, d.fact).not.toMatch(/\b(must|should)\b|ingressClassName|\d+Mi\b/);
        for (const [file] of Object.entries(base.files)) {
          if (!/\.(md|txt)$/.test(file)) continue;
          const doc = text(base, file)!;
          // Kubernetes quantities (256Mi) and manifest fields in prose would be the answer, not the fact.
          expect(doc, file).not.toMatch(/\b\d+(Mi|Gi)\b|ingressClassName|limits?:\s*\d/);
        }
      });
    });
  }
});
