/**
 * The generator's properties over a run of seeds, per difficulty: every seed yields a scenario (one passed
 * the gates), a sample regenerated is identical byte for byte and passes the gates again with the canary
 * agents at the floor, and scenarios are distinct by content. What `npm run gen:check` reports at scale and
 * the test suite checks on a few dozen seeds. `track: "host"` runs the same properties over the generated host
 * incidents (`gen-host:` ids).
 */
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Scenario } from "../tasks/schema.js";
import type { GeneratedDifficulty, GeneratedSplit } from "../tasks/generator/task.js";
import { checkGates } from "./gates.js";
import { generatedId, generateScenario, GenerationError, type GeneratedId } from "./generate.js";
import { generatedHostId, generateHostScenario } from "./host-generate.js";

/** Which generated family: the repositories (`gen:`) or the hosts (`gen-host:`). */
export type GeneratedTrack = "repository" | "host";

const TRACKS: Record<GeneratedTrack, { generate: (id: GeneratedId) => Scenario; name: (id: GeneratedId) => string }> = {
  repository: { generate: (id) => generateScenario(id), name: generatedId },
  host: { generate: (id) => generateHostScenario(id), name: generatedHostId },
};

/** A scenario's content: its files and world (what an agent meets), not its id. */
export function contentHash(scenario: Scenario): string {
  return createHash("sha256").update(JSON.stringify([scenario.files, scenario.world])).digest("hex");
}

export interface PropertyFigures {
  split: GeneratedSplit;
  difficulty: GeneratedDifficulty;
  seeds: number;
  /** Seeds for which no attempt passed the gates. */
  failed: string[];
  /** Sampled scenarios that regenerated differently, or failed the gates (canaries included) on a recheck. */
  problems: string[];
  sampled: number;
  distinct: number;
  /** distinct / generated. */
  distinctFraction: number;
  meanFaults: number;
  bases: number;
  /** Distinct clean repositories the scenarios start from (base variants, tasks/generator/variants/). */
  variants: number;
  msPerScenario: number;
  /** Generation time of one scenario (its attempts and gates), median and 99th percentile. */
  p50Ms: number;
  p99Ms: number;
  hashes: Set<string>;
}

export interface PropertyOptions {
  split: GeneratedSplit;
  difficulty: GeneratedDifficulty;
  seeds: number;
  /** First seed (default 0). */
  from?: number;
  /** Every how many seeds one is regenerated and rechecked with canaries (default 25). */
  sampleEvery?: number;
  /** Default: repository. */
  track?: GeneratedTrack;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

export function propertyRun(options: PropertyOptions): PropertyFigures {
  const { split, difficulty, seeds } = options;
  const from = options.from ?? 0;
  const every = Math.max(1, options.sampleEvery ?? 25);
  const failed: string[] = [];
  const problems: string[] = [];
  const hashes = new Set<string>();
  const bases = new Set<string>();
  const variants = new Set<string>();
  let faults = 0;
  let generated = 0;
  let sampled = 0;
  const track = TRACKS[options.track ?? "repository"];
  const times: number[] = [];
  const start = performance.now();
  for (let seed = from; seed < from + seeds; seed++) {
    const id = { split, difficulty, seed };
    let scenario: Scenario;
    const began = performance.now();
    try {
      scenario = track.generate(id);
    } catch (error) {
      if (!(error instanceof GenerationError)) throw error;
      failed.push(track.name(id));
      continue;
    } finally {
      times.push(performance.now() - began);
    }
    generated++;
    faults += scenario.issues.length;
    bases.add(scenario.base);
    variants.add(createHash("sha256").update(JSON.stringify(scenario.baseFiles)).digest("hex"));
    hashes.add(contentHash(scenario));
    if ((seed - from) % every === 0) {
      sampled++;
      const again = track.generate(id);
      if (JSON.stringify(again) !== JSON.stringify(scenario)) problems.push(`${scenario.id}: regenerated differently`);
      const gates = checkGates(scenario, { canaries: true });
      if (!gates.ok) problems.push(`${scenario.id}: ${gates.problems.join("; ")}`);
    }
  }
  return {
    split,
    difficulty,
    seeds,
    failed,
    problems,
    sampled,
    distinct: hashes.size,
    distinctFraction: generated === 0 ? 0 : hashes.size / generated,
    meanFaults: generated === 0 ? 0 : faults / generated,
    bases: bases.size,
    variants: variants.size,
    msPerScenario: (performance.now() - start) / Math.max(1, seeds),
    p50Ms: percentile(times.sort((a, b) => a - b), 0.5),
    p99Ms: percentile(times, 0.99),
    hashes,
  };
}
