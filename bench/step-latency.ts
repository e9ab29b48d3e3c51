/**
 * In-process step latency per task, warm: every scenario of the task plays the load mix (a reset, a hint, a
 * failing edit, the reference fix) `rounds` times after one warm-up episode, each action timed alone; the
 * median and 99th percentile per task, and over all of them. No transport: what the engine itself costs.
 */
import { performance } from "node:perf_hooks";
import type { Action } from "../contracts/actions.js";
import { startJudgedEpisode } from "../graders/episodes.js";
import type { Catalog } from "../tasks/catalog.js";
import { GENERATED_DIFFICULTIES } from "../tasks/generator/task.js";

export interface StepLatency {
  task: string;
  steps: number;
  p50: number;
  p99: number;
}

const FAILING: Action = { action_type: "replace_line", file_path: "no/such/file", line_number: 1, new_content: "x" };

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

function playTimed(catalog: Catalog, scenarioId: string, into: number[] | undefined): void {
  let began = performance.now();
  const episode = startJudgedEpisode(catalog, { scenario_id: scenarioId }, "bench");
  episode.observe();
  into?.push(performance.now() - began);
  for (const action of [{ action_type: "request_hint" } as Action, FAILING, ...episode.scenario.solution]) {
    if (episode.done) break;
    began = performance.now();
    episode.step(action);
    into?.push(performance.now() - began);
  }
}

/** Per task with scenarios of its own (the generated family's are made on demand), then "all". */
export function stepLatencies(catalog: Catalog, rounds: number): StepLatency[] {
  const all: number[] = [];
  const figures: StepLatency[] = [];
  for (const task of catalog.tasks) {
    if (task.scenarios.length === 0) continue;
    const times: number[] = [];
    for (const s of task.scenarios) playTimed(catalog, s.scenario_id, undefined);
    for (let r = 0; r < rounds; r++) for (const s of task.scenarios) playTimed(catalog, s.scenario_id, times);
    times.sort((a, b) => a - b);
    all.push(...times);
    figures.push({ task: task.task_id, steps: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99) });
  }
  all.sort((a, b) => a - b);
  figures.push({ task: "all", steps: all.length, p50: percentile(all, 0.5), p99: percentile(all, 0.99) });
  return figures;
}

/** A comment at the end of each workflow, manifest and Dockerfile: a state no generation or episode met. */
function freshening(files: Record<string, { content: string }>): Action[] {
  return Object.entries(files)
    .filter(([p]) => /\.ya?ml$|(^|\/)Dockerfile[^/]*$/.test(p))
    .map(([p, f]) => ({ action_type: "add_line", file_path: p, line_number: f.content.replace(/\n$/, "").split("\n").length + 1, content: "# fresh" }) as Action);
}

/**
 * Steps on generated scenarios, as an RL run meets them: each seed played once, and first a comment added at the
 * end of each workflow, manifest and Dockerfile (each a step), so that no later state is one the scenario's
 * generation walked (its gates assess the reference repair's states, which an episode would otherwise replay);
 * then a hint, a failing edit and the reference repair. The reset, which generates the scenario, is not timed
 * (bench/generation.ts times generation). One row per difficulty.
 */
export function generatedStepLatencies(served: Catalog, seeds: number): StepLatency[] {
  const figures: StepLatency[] = [];
  for (const difficulty of GENERATED_DIFFICULTIES) {
    const times: number[] = [];
    for (let seed = 0; seed < seeds; seed++) {
      const episode = startJudgedEpisode(served, { task_id: "generated", seed: 7_000_000 + seed, difficulty, split: "train" }, "bench");
      episode.observe();
      const actions = [...freshening(episode.scenario.files), { action_type: "request_hint" } as Action, FAILING, ...episode.scenario.solution];
      for (const action of actions) {
        if (episode.done) break;
        const began = performance.now();
        episode.step(action);
        times.push(performance.now() - began);
      }
    }
    times.sort((a, b) => a - b);
    figures.push({ task: `generated ${difficulty}, fresh states`, steps: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99) });
  }
  return figures;
}
