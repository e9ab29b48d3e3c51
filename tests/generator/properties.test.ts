/**
 * The generator's properties on a few dozen seeds (`npm run gen:check` runs them on 2,000 per difficulty):
 * every seed yields a scenario that passed the gates, regenerating gives the same bytes and the canaries stay
 * at the floor, scenarios are distinct by content, and harder difficulties hold more faults.
 */
import { describe, expect, it } from "vitest";
import { contentHash, propertyRun } from "../../generator/property-run.js";
import { generateScenario } from "../../generator/generate.js";
import { GENERATED_DIFFICULTIES } from "../../tasks/generator/task.js";

const SEEDS = 8;

describe("generated scenarios over seeds", () => {
  const runs = new Map<string, ReturnType<typeof propertyRun>>();

  it.each(GENERATED_DIFFICULTIES.map((d) => [d]))("%s: every seed passes the gates, deterministically, and is distinct", (difficulty) => {
    const run = propertyRun({ split: "train", difficulty, seeds: SEEDS, from: 100, sampleEvery: 4 });
    runs.set(difficulty, run);
    expect(run.failed).toEqual([]);
    expect(run.problems).toEqual([]);
    expect(run.sampled).toBe(2);
    expect(run.distinct).toBe(SEEDS);
  }, 120_000);

  it("harder difficulties hold more faults", () => {
    const faults = GENERATED_DIFFICULTIES.map((d) => runs.get(d)?.meanFaults ?? Number.NaN);
    expect(faults[0]).toBe(1);
    for (let i = 1; i < faults.length; i++) expect(faults[i]!).toBeGreaterThan(faults[i - 1]!);
  });

  it("the content hash tells scenarios apart and ignores the id", () => {
    const a = generateScenario({ split: "train", difficulty: "easy", seed: 100 });
    const b = generateScenario({ split: "train", difficulty: "easy", seed: 101 });
    expect(contentHash({ ...a, id: "renamed" })).toBe(contentHash(a));
    expect(contentHash(a)).not.toBe(contentHash(b));
  });
});
