/**
 * `breakfix eval` of a built-in agent on every core: each worker thread plays the episodes it is handed one at
 * a time, taking the next as it finishes one, and the results come back in the selection's order, the same
 * episodes one thread plays (each episode depends on its scenario and the agent alone). Progress and turns are
 * reported as each episode finishes.
 */
import type { BenchmarkOptions, BuiltinAgent } from "../../baseline/benchmark.js";
import type { EpisodeResult } from "../../baseline/play.js";
import { spawnCliWorker, spreadOverThreads } from "./cli-worker.js";
import type { EvalAnswer, EvalWorkerData } from "./eval-worker.js";

/** Plays `agent` once on each scenario of `ids` on `workers` threads; the results in the order of `ids`. */
export async function playOnThreads(agent: BuiltinAgent, ids: readonly string[], workers: number, options: BenchmarkOptions = {}): Promise<EpisodeResult[]> {
  const results = new Array<EpisodeResult>(ids.length);
  if (ids.length === 0) return results;
  let finished = 0;
  await spreadOverThreads<EvalAnswer>({
    label: "eval",
    threads: Array.from({ length: Math.min(workers, ids.length) }, () => spawnCliWorker("eval-worker", { agent } satisfies EvalWorkerData)),
    count: ids.length,
    send: (thread, index) => thread.postMessage({ index, scenarioId: ids[index] }),
    receive(answer) {
      if ("error" in answer) throw new Error(`${ids[answer.index]}: ${answer.error}`);
      results[answer.index] = answer.result;
      for (const turn of answer.turns) options.onTurn?.(answer.index, turn);
      options.onEpisode?.(answer.result, ++finished, ids.length);
      return finished === ids.length;
    },
  });
  return results;
}
