/**
 * `npm run bench`: how fast a step is and how much memory an episode holds, measured on every scenario; what
 * incremental simulation saves (reuse on against off, on repeated and on fresh states); what a failed edit
 * costs as its file grows; step latency per task (p50/p99), and on generated scenarios' fresh states; how a
 * simulation grows with the repository (1/10/100 files); how `breakfix lint` of one large tree of Dockerfiles
 * scales with the build context; and how long lint of 1,500 workflows takes. The server figures (REST and
 * WebSocket steps/s and CPU per step against a bare echo server, 1 against 2 workers, memory per 1,000
 * sessions) are `npm run bench:servers` (bench/servers.ts).
 * Prints figures and ratios (the machine is shared: compare ratios, not absolute times).
 *
 *   npm run bench            # all measurements
 *   npm run bench -- --quick # fewer rounds, for a smoke run
 *   npm run bench -- --generation  # only the generation of scenarios, per difficulty
 *
 * A fleet's figures (replicas on a shared Redis store) are `npm run bench:fleet` (bench/fleet.ts).
 */
import { startJudgedEpisode } from "../graders/episodes.js";
import { performance } from "node:perf_hooks";
import { Episode } from "../environment/episode.js";
import { gradeTrajectory } from "../graders/grade.js";
import { simulateRepository } from "../simulators/index.js";
import { repositoryFrom } from "../simulators/repository.js";
import { loadCatalog } from "../tasks/catalog.js";
import { servedCatalog } from "../generator/family.js";
import { failedEditFigures, failedEditReport } from "./failed-edits.js";
import { generationFigures, generationLines } from "./generation.js";
import { incrementalFigures, incrementalLines } from "./incremental.js";
import { lintTreeFigures } from "./lint-tree.js";
import { repositorySizeFigures } from "./repository-size.js";
import { generatedStepLatencies, stepLatencies } from "./step-latency.js";
import { workflowLintFigures } from "./lint-workflows.js";
import { usePlainEnvironment } from "../server/plain-env.js";

// Measured as the server's processes and workers run: with the environment read from a plain copy.
usePlainEnvironment();

const quick = process.argv.includes("--quick");
const rounds = quick ? 20 : 200;
const catalog = loadCatalog();

/** Mean milliseconds per unit: `fn` runs `rounds` times after a warm-up and does `units` units each time. */
function time(label: string, rounds: number, units: number, fn: () => void): number {
  fn();
  const start = performance.now();
  for (let i = 0; i < rounds; i++) fn();
  const perUnit = (performance.now() - start) / rounds / units;
  console.log(`${label.padEnd(48)} ${perUnit.toFixed(3).padStart(9)} ms`);
  return perUnit;
}

console.log(`breakfix bench: ${catalog.scenarios.length} scenarios, ${rounds} rounds, node ${process.version}\n`);

// Generated scenarios: one generation, gates included, against one assessment of a curated scenario.
const generationSeeds = quick ? 10 : 100;
for (const line of generationLines(generationFigures(catalog, generationSeeds), generationSeeds)) console.log(line);
console.log("");
if (process.argv.includes("--generation")) process.exit(0);

const n = catalog.scenarios.length;
const simulate = time("simulate one repository (mean over scenarios)", rounds, n, () => {
  for (const s of catalog.scenarios) simulateRepository(repositoryFrom(s.files), s.world, { worldKnown: true });
});

const solutionSteps = catalog.scenarios.reduce((sum, s) => sum + s.solution.length, 0);
const step = time("step (reset + solution, per action)", rounds, solutionSteps + n, () => {
  for (const s of catalog.scenarios) {
    const e = startJudgedEpisode(catalog, { scenario_id: s.id }, "bench");
    for (const a of s.solution) if (!e.done) e.step(a);
  }
});

const grade = time("grade a trajectory by replay (per scenario)", rounds, n, () => {
  for (const s of catalog.scenarios) gradeTrajectory(catalog, s, s.solution);
});

const failed = time("reset + failed edit action", rounds * 20, 2, () => {
  const e = startJudgedEpisode(catalog, { scenario_id: "typo_filename" }, "bench");
  e.step({ action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "not there", new_content: "" }] });
});

const incremental = incrementalFigures(catalog, quick ? 2 : 10);
for (const line of incrementalLines(incremental)) console.log(line);

const latencies = [...stepLatencies(catalog, quick ? 3 : 20), ...generatedStepLatencies(servedCatalog(), quick ? 8 : 40)];
for (const l of latencies) {
  console.log(`${`step p50 / p99, ${l.task} (${l.steps} steps)`.padEnd(48)} ${l.p50.toFixed(3).padStart(9)} / ${l.p99.toFixed(3)} ms`);
}

const bySize = repositorySizeFigures(catalog, rounds);
for (const r of bySize) {
  console.log(`${`simulate a ${r.files}-file repository`.padEnd(48)} ${r.ms.toFixed(3).padStart(9)} ms  (${(r.ms / r.files).toFixed(3)} ms per file, ${r.diagnostics} diagnostics)`);
}

const failedBySize = failedEditFigures(catalog, quick ? 10 : 60);
const failedReport = failedEditReport(failedBySize);
for (const line of failedReport.slice(0, failedBySize.length)) console.log(line);

// Lint of one tree of Dockerfiles (before the episodes below are held, whose heap would slow it): the build
// contexts must cost what they hold, not what the tree holds.
const treeSize = quick ? 1000 : 5000;
const tree = lintTreeFigures(treeSize);
console.log(`${`lint ${treeSize} Dockerfiles of one tree, with context`.padEnd(48)} ${tree.withContext.toFixed(0).padStart(9)} ms`);
console.log(`${`lint ${treeSize} Dockerfiles of one tree, --no-context`.padEnd(48)} ${tree.withoutContext.toFixed(0).padStart(9)} ms${tree.errors > 0 ? `  (${tree.errors} errors: the tree should lint clean)` : ""}`);

// Lint of 1,500 workflows: as repositories (whole, and each workflow named with its repository loaded) and loose.
const wf = workflowLintFigures(quick ? 300 : 1500, quick ? 1 : 2);
const perWorkflow = (ms: number) => `${ms.toFixed(0).padStart(9)} ms  (${(ms / wf.workflows).toFixed(1)} ms each)`;
console.log(`${`lint ${wf.workflows} workflows in ${wf.repositories} repositories`.padEnd(48)} ${perWorkflow(wf.tree)}`);
console.log(`${`lint ${wf.workflows} workflows, each named`.padEnd(48)} ${perWorkflow(wf.named)}`);
console.log(`${`lint ${wf.workflows} workflows outside a repository`.padEnd(48)} ${perWorkflow(wf.loose)}${wf.errors > 0 ? `  (${wf.errors} errors: the workflows should lint clean)` : ""}`);

// Memory: hold many live episodes, each one action in (so each holds its own edited files), as a server at
// capacity does.
const held: Episode[] = [];
const settle = () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
const before = settle();
const count = quick ? 512 : 2048;
for (let i = 0; i < count; i++) {
  const e = startJudgedEpisode(catalog, { seed: i }, `m-${i}`);
  e.step(e.scenario.solution[0]!);
  held.push(e);
}
const perEpisode = (settle() - before) / count;
console.log(`${"heap per live episode".padEnd(44)} ${(perEpisode / 1024).toFixed(1).padStart(9)} KiB  (${count} episodes${globalThis.gc ? "" : ", run with --expose-gc for exact figures"})`);

console.log("\nratios");
console.log(`  step / simulate          ${(step / simulate).toFixed(2)}  (a step is about one simulation)`);
console.log(`  grade / step             ${(grade / step).toFixed(2)}  (replay costs about what playing did)`);
console.log(`  failed action / step     ${(failed / step).toFixed(2)}`);
const largest = failedBySize.at(-1)!;
console.log(`  failed edit ${largest.lines} / ${failedBySize[0]!.lines} lines  ${(Math.max(largest.absent, largest.nearMiss) / Math.max(failedBySize[0]!.absent, failedBySize[0]!.nearMiss)).toFixed(2)}  (linear in the file, never a simulation; goal under 1 ms at ${largest.lines})`);
for (const line of failedReport.slice(failedBySize.length)) console.log(line);
console.log(`  steps per second (1 core) ${Math.round(1000 / step)}`);
const overall = latencies.at(-1)!;
console.log(`  step p99 / p50            ${(overall.p99 / overall.p50).toFixed(2)}  (all tasks)`);
console.log(`  simulate 1 / 10 / 100 files ${bySize.map((r) => (r.ms / bySize[0]!.ms).toFixed(1)).join(" / ")}  (linear would be 1 / 10 / 100)`);
console.log("  server figures: npm run bench:servers -- --quick");
console.log(`  lint context / no-context ${(tree.withContext / tree.withoutContext).toFixed(2)}  (${treeSize} Dockerfiles of one tree; goal under 4)`);
console.log("\nfleet figures (the Redis store's added latency per step, steps/s with 1 and 2 replicas): npm run bench:fleet");
void held.length;
