/**
 * `npm run incremental-check -- --steps 10000`: the incremental-versus-full comparison (scripts/incremental/walk.ts)
 * over every curated scenario and a sample of generated ones; exits 1 on any state where they differ.
 */
import { parseArgs } from "node:util";
import { generateScenario } from "../generator/generate.js";
import { loadCatalog } from "../tasks/catalog.js";
import { GENERATED_DIFFICULTIES } from "../tasks/generator/task.js";
import { walkAndCompare } from "./incremental/walk.js";

const { values } = parseArgs({ options: { steps: { type: "string", default: "10000" }, seed: { type: "string", default: "1" }, generated: { type: "string", default: "8" } } });
const steps = Number(values.steps);
const generatedPerDifficulty = Number(values.generated);
if (!Number.isSafeInteger(steps) || steps < 1 || !Number.isSafeInteger(generatedPerDifficulty) || generatedPerDifficulty < 0) {
  console.error("--steps and --generated take whole numbers");
  process.exit(2);
}
const scenarios = [
  ...loadCatalog().scenarios,
  ...GENERATED_DIFFICULTIES.flatMap((difficulty) => Array.from({ length: generatedPerDifficulty }, (_, i) => generateScenario({ split: "train", difficulty, seed: 7000 + i }))),
];
const began = Date.now();
const report = walkAndCompare(scenarios, { steps, seed: Number(values.seed) });
console.log(`${report.steps} steps over ${scenarios.length} scenarios in ${((Date.now() - began) / 1000).toFixed(1)} s: ${report.mismatchCount} states differ`);
for (const m of report.mismatches) console.log(`  ${m}`);
process.exit(report.mismatchCount === 0 ? 0 : 1);
