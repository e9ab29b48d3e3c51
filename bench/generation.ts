/**
 * How long generating one scenario takes, gates included, per difficulty: p50 and p99 over a run of seeds,
 * and each as a ratio to one assessment of a curated scenario measured in the same run (the machine is
 * shared: the ratio is what compares across runs). Generation is called directly, past the family's cache.
 */
import { performance } from "node:perf_hooks";
import { generateScenario, GenerationError } from "../generator/generate.js";
import { assess } from "../graders/assess.js";
import { repositoryFrom } from "../simulators/repository.js";
import { setIncremental } from "../simulators/incremental/sections.js";
import type { Catalog } from "../tasks/catalog.js";
import { GENERATED_DIFFICULTIES, type GeneratedDifficulty } from "../tasks/generator/task.js";

export interface GenerationFigures {
  /** Mean ms of one assessment of the curated baseline scenario. */
  baseline: number;
  perDifficulty: Record<GeneratedDifficulty, { p50: number; p99: number; failed: number }>;
}

/** The value below which `q` of the sorted `values` fall (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Warm-up seeds per difficulty before the figures. */
export const WARM_UP_SEEDS = 25;

export function generationFigures(catalog: Catalog, seeds: number, baselineScenario = "typo_filename"): GenerationFigures {
  const scenario = catalog.scenario(baselineScenario);
  if (!scenario) throw new Error(`no curated scenario '${baselineScenario}'`);
  const repo = repositoryFrom(scenario.files);
  // The baseline is a whole assessment: with reuse on, the same state again would replay every section.
  setIncremental(false);
  for (let i = 0; i < 20; i++) assess(scenario, repo);
  const rounds = 200;
  const start = performance.now();
  for (let i = 0; i < rounds; i++) assess(scenario, repo);
  const baseline = (performance.now() - start) / rounds;
  setIncremental(true);
  // Warm-up generations outside the figures, on seeds of their own: the first calls load and compile, and V8
  // goes on optimising for a few hundred generations more (a server generating for an RL run is long past that).
  for (let seed = 1_000_000; seed < 1_000_000 + WARM_UP_SEEDS; seed++) {
    for (const difficulty of GENERATED_DIFFICULTIES) {
      try {
        generateScenario({ split: "train", difficulty, seed });
      } catch (error) {
        if (!(error instanceof GenerationError)) throw error;
      }
    }
  }
  const perDifficulty = {} as GenerationFigures["perDifficulty"];
  for (const difficulty of GENERATED_DIFFICULTIES) {
    const times: number[] = [];
    let failed = 0;
    for (let seed = 0; seed < seeds; seed++) {
      const t = performance.now();
      try {
        generateScenario({ split: "train", difficulty, seed });
      } catch (error) {
        if (!(error instanceof GenerationError)) throw error;
        failed++;
      }
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    perDifficulty[difficulty] = { p50: quantile(times, 0.5), p99: quantile(times, 0.99), failed };
  }
  return { baseline, perDifficulty };
}

/** The figures as the bench prints them. */
export function generationLines(figures: GenerationFigures, seeds: number): string[] {
  const lines = [`${"assess one curated scenario (baseline)".padEnd(48)} ${figures.baseline.toFixed(3).padStart(9)} ms`];
  for (const difficulty of GENERATED_DIFFICULTIES) {
    const f = figures.perDifficulty[difficulty];
    const ratio = (ms: number) => (ms / figures.baseline).toFixed(1);
    const failed = f.failed > 0 ? `, ${f.failed} found no scenario` : "";
    lines.push(
      `${`generate ${difficulty} (${seeds} seeds) p50 / p99`.padEnd(48)} ${f.p50.toFixed(1).padStart(9)} / ${f.p99.toFixed(1)} ms  (${ratio(f.p50)}x / ${ratio(f.p99)}x baseline${failed})`,
    );
  }
  return lines;
}
