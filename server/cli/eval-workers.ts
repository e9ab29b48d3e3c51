/**
 * `breakfix eval` of a built-in agent on every core: each worker thread plays the episodes it is handed one at
 * a time, taking the next as it finishes one, and the results come back in the selection's order, the same
 * episodes one thread plays (each episode depends on its scenario and the agent alone). Progress and turns are
 * reported as each episode finishes.
 */
import type { Worker } from "node:worker_threads";
import type { BenchmarkOptions, BuiltinAgent } from "../../baseline/benchmark.js";
import type { EpisodeResult } from "../../baseline/play.js";
import { spawnCliWorker } from "./cli-worker.js";
import type { EvalAnswer, EvalWorkerData } from "./eval-worker.js";

/** Plays `agent` once on each scenario of `ids` on `workers` threads; the results in the order of `ids`. */
export function playOnThreads(agent: BuiltinAgent, ids: readonly string[], workers: number, options: BenchmarkOptions = {}): Promise<EpisodeResult[]> {
  const results = new Array<EpisodeResult>(ids.length);
  if (ids.length === 0) return Promise.resolve(results);
  const threads = Array.from({ length: Math.min(workers, ids.length) }, () => spawnCliWorker("eval-worker", { agent } satisfies EvalWorkerData));
  let next = 0;
  let finished = 0;
  return new Promise<EpisodeResult[]>((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      void Promise.all(threads.map((t) => t.terminate())).then(() => (error ? reject(error) : resolve(results)));
    };
    const handOut = (thread: Worker): void => {
      if (next < ids.length) thread.postMessage({ index: next, scenarioId: ids[next++] });
    };
    for (const thread of threads) {
      thread.on("error", (error) => finish(error));
      thread.on("exit", (code) => finish(new Error(`an eval worker stopped (exit code ${code})`)));
      thread.on("message", (answer: EvalAnswer) => {
        if ("error" in answer) return finish(new Error(`${ids[answer.index]}: ${answer.error}`));
        results[answer.index] = answer.result;
        for (const turn of answer.turns) options.onTurn?.(answer.index, turn);
        options.onEpisode?.(answer.result, ++finished, ids.length);
        if (finished === ids.length) return finish();
        handOut(thread);
      });
      handOut(thread);
    }
  });
}
