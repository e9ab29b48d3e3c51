/**
 * `npm run bench`: how fast a step is and how much memory an episode holds, measured on every scenario.
 * Prints figures and ratios (the machine is shared: compare ratios, not absolute times).
 *
 *   npm run bench            # all measurements
 *   npm run bench -- --quick # fewer rounds, for a smoke run
 */
import { performance } from "node:perf_hooks";
import { Episode } from "../environment/episode.js";
import { gradeTrajectory } from "../graders/grade.js";
import { simulateRepository } from "../simulators/index.js";
import { repositoryFrom } from "../simulators/repository.js";
import { loadCatalog } from "../tasks/catalog.js";

const quick = process.argv.includes("--quick");
const rounds = quick ? 20 : 200;
const catalog = loadCatalog();

function time(label: string, n: number, fn: () => void): number {
  fn(); // warm up
  const start = performance.now();
  for (let i = 0; i < n; i++) fn();
  const perCall = (performance.now() - start) / n;
  console.log(`${label.padEnd(44)} ${perCall.toFixed(3).padStart(9)} ms`);
  return perCall;
}

console.log(`breakfix bench: ${catalog.scenarios.length} scenarios, ${rounds} rounds, node ${process.version}\n`);

const simulate = time("simulate one repository (mean over scenarios)", rounds, () => {
  for (const s of catalog.scenarios) simulateRepository(repositoryFrom(s.files), s.world, { worldKnown: true });
}) / catalog.scenarios.length;

const step = time("reset + solution step (mean over scenarios)", rounds, () => {
  for (const s of catalog.scenarios) {
    const e = Episode.start(catalog, { scenario_id: s.id }, "bench");
    for (const a of s.solution) if (!e.done) e.step(a);
  }
}) / catalog.scenarios.length;

const grade = time("grade a trajectory by replay (mean)", rounds, () => {
  for (const s of catalog.scenarios) gradeTrajectory(s, s.solution);
}) / catalog.scenarios.length;

const failed = time("failed edit action (no simulation)", rounds * 20, () => {
  const e = Episode.start(catalog, { scenario_id: "typo_filename" }, "bench");
  e.step({ action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "not there", new_content: "" }] });
});

// Memory: hold many live episodes, as a server at capacity does.
const held: Episode[] = [];
globalThis.gc?.();
const before = process.memoryUsage().heapUsed;
const count = quick ? 256 : 1024;
for (let i = 0; i < count; i++) held.push(Episode.start(catalog, { seed: i }, `m-${i}`));
globalThis.gc?.();
const perEpisode = (process.memoryUsage().heapUsed - before) / count;
console.log(`${"heap per live episode".padEnd(44)} ${(perEpisode / 1024).toFixed(1).padStart(9)} KiB  (${count} episodes${globalThis.gc ? "" : ", run with --expose-gc for exact figures"})`);

console.log("\nratios");
console.log(`  step / simulate          ${(step / simulate).toFixed(2)}  (a step is about one simulation plus the edit)`);
console.log(`  grade / step             ${(grade / step).toFixed(2)}  (replay costs about what playing did)`);
console.log(`  failed action / step     ${(failed / step).toFixed(2)}`);
console.log(`  steps per second (1 core) ${Math.round(1000 / step)}`);
void held.length;
