/**
 * Starting an episode worker: the compiled worker-main.js next to this module in a build, or, when the
 * server runs from its TypeScript sources (tests, `npm run breakfix`), worker-main.ts through a small ESM
 * bootstrap that registers tsx in the worker first (a worker does not inherit the main thread's loaders,
 * and Node 20 does not apply `--import` in a worker's execArgv before loading its entry).
 */
import { Worker } from "node:worker_threads";

/** What a worker is told at start. */
export interface EpisodeWorkerData {
  judgeModule?: string | undefined;
}

export function spawnEpisodeWorker(data: EpisodeWorkerData): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  if (!fromSource) return new Worker(new URL("./worker-main.js", import.meta.url), { workerData: data });
  const entry = new URL("./worker-main.ts", import.meta.url).href;
  return new Worker(new URL("./from-source.mjs", import.meta.url), { workerData: { ...data, entry } });
}
