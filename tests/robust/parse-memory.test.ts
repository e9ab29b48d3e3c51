/**
 * The parse caches and the sections are bounded by bytes, so what each entry is charged must be at least what
 * it really holds on the heap: charged at a sixth of it (as they once were), 64 MiB of "parses" held 1.2 GB
 * after a few thousand generated scenarios, and the heap kept growing. Measured here as the heap freed by
 * dropping each cache, after what else keeps simulation results was dropped.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { generateScenario } from "../../generator/generate.js";
import { forgetAssessments } from "../../graders/kept-assessments.js";
import { forgetSections, heldSectionBytes, keptSections } from "../../simulators/incremental/sections.js";
import { forgetParses, MAX_PARSE_CACHE_BYTES, parseCacheUse } from "../../simulators/parse-cache.js";
import { GENERATED_DIFFICULTIES } from "../../tasks/generator/task.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe("what the parse caches and sections are charged", () => {
  it("is at least what they hold on the heap, and the parses stay within their one budget", () => {
    forgetParses();
    forgetSections();
    forgetAssessments();
    for (let seed = 1; seed <= 120; seed++) generateScenario({ split: "train", difficulty: GENERATED_DIFFICULTIES[seed % 4]!, seed });
    forgetAssessments();
    const use = parseCacheUse();
    expect(use.reduce((sum, c) => sum + c.bytes, 0)).toBeLessThanOrEqual(MAX_PARSE_CACHE_BYTES);
    const measured = use.filter((c) => c.entries > 0);
    expect(measured.map((c) => c.name)).toEqual(expect.arrayContaining(["manifests", "workflows", "dockerfiles"]));

    // The sections alone first (their facts share the parses the caches hold), then the parses alone.
    const sections = { count: keptSections(), charged: heldSectionBytes(), freed: 0 };
    let before = heapUsed();
    forgetSections();
    sections.freed = before - heapUsed();
    for (const cache of measured) {
      before = heapUsed();
      forgetParses(cache.name);
      const freed = before - heapUsed();
      expect({ cache: cache.name, freed, charged: cache.bytes, within: freed <= cache.bytes }).toMatchObject({ within: true });
    }
    expect(sections.count).toBeGreaterThan(100);
    expect(sections.freed).toBeLessThanOrEqual(sections.charged);
    // Nothing is left charged that the caches no longer hold.
    expect(parseCacheUse().every((c) => c.entries === 0 && c.bytes === 0)).toBe(true);
    // 120 generations and a dozen full collections: ~20 s when the machine's two cores are shared.
  }, 60_000);

  it("holds a section's parses when the parse cache no longer does", () => {
    forgetParses();
    forgetSections();
    forgetAssessments();
    for (let seed = 200; seed <= 260; seed++) generateScenario({ split: "train", difficulty: "medium", seed });
    forgetAssessments();
    forgetParses();
    const charged = heldSectionBytes();
    const before = heapUsed();
    forgetSections();
    expect(before - heapUsed()).toBeLessThanOrEqual(charged);
  });
});
