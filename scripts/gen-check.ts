/**
 * `npm run gen:check -- [--seeds N] [--difficulty D,...] [--split S] [--from K] [--track host]`: the generator's properties
 * at scale. For each difficulty (default all), N seeds (default 2,000) of the split (default train): every
 * seed yields a scenario that passed the gates, one in 25 is regenerated (identical bytes) and rechecked with
 * the canary agents, and distinct content hashes are at least 99% of the scenarios. With --split validation,
 * also how many validation scenarios repeat a train scenario of the same seeds. `--track host` checks the generated
 * host incidents (`gen-host:` ids) instead; `npm run gen:check -- --track host --seeds 500` is the figure of issue 18.
 * Exits 1 when a property fails.
 */
import { parseArgs } from "node:util";
import { contentHash, propertyRun, type GeneratedTrack, type PropertyFigures } from "../generator/property-run.js";
import { generateScenario, GenerationError } from "../generator/generate.js";
import { GENERATED_DIFFICULTIES, GENERATED_SPLITS, type GeneratedDifficulty, type GeneratedSplit } from "../tasks/generator/task.js";

const { values } = parseArgs({
  options: { seeds: { type: "string" }, difficulty: { type: "string" }, split: { type: "string" }, from: { type: "string" }, track: { type: "string" } },
});
const seeds = Number(values.seeds ?? 2000);
const from = Number(values.from ?? 0);
const split = (values.split ?? "train") as GeneratedSplit;
const track = (values.track ?? "repository") as GeneratedTrack;
const difficulties = (values.difficulty?.split(",") ?? [...GENERATED_DIFFICULTIES]) as GeneratedDifficulty[];
if (!Number.isInteger(seeds) || seeds < 1 || seeds > 1_000_000 || !Number.isInteger(from) || from < 0) {
  console.error("--seeds must be an integer from 1 to 1000000, --from a non-negative integer");
  process.exit(2);
}
if (track !== "repository" && track !== "host") {
  console.error("--track is repository (the default) or host");
  process.exit(2);
}
if (!GENERATED_SPLITS.includes(split) || difficulties.some((d) => !GENERATED_DIFFICULTIES.includes(d))) {
  console.error(`--split is one of ${GENERATED_SPLITS.join(", ")}; --difficulty of ${GENERATED_DIFFICULTIES.join(", ")}`);
  process.exit(2);
}

const MIN_DISTINCT = 0.99;
let ok = true;
console.log(`gen:check ${track === "host" ? "host " : ""}${split}, seeds ${from}..${from + seeds - 1}, node ${process.version}`);
for (const difficulty of difficulties) {
  const f: PropertyFigures = propertyRun({ split, difficulty, seeds, from, track });
  const distinctOk = f.distinctFraction >= MIN_DISTINCT;
  ok &&= f.failed.length === 0 && f.problems.length === 0 && distinctOk;
  console.log(
    `${difficulty.padEnd(7)} ${f.seeds} seeds: ${f.seeds - f.failed.length} passed the gates, ${f.failed.length} found none; ` +
      `${f.sampled} rechecked (regenerated + canaries), ${f.problems.length} problems; distinct ${f.distinct} (${(100 * f.distinctFraction).toFixed(2)}%${distinctOk ? "" : ", under 99%"}); ` +
      `${f.meanFaults.toFixed(2)} faults on average, ${f.bases} bases in ${f.variants} variants; ${f.msPerScenario.toFixed(1)} ms per scenario (p50 ${f.p50Ms.toFixed(1)}, p99 ${f.p99Ms.toFixed(1)})`,
  );
  for (const line of [...f.failed, ...f.problems].slice(0, 10)) console.log(`  ${line}`);
  if (split === "validation" && track === "repository") {
    let repeated = 0;
    for (let seed = from; seed < from + seeds; seed++) {
      try {
        if (f.hashes.has(contentHash(generateScenario({ split: "train", difficulty, seed })))) repeated++;
      } catch (error) {
        if (!(error instanceof GenerationError)) throw error;
      }
    }
    console.log(`  validation scenarios that repeat a train scenario of the same seeds: ${repeated} of ${f.distinct} distinct`);
  }
}
process.exit(ok ? 0 : 1);
