/**
 * A worker thread for a CLI command that spreads its work over the cores (export, eval): the compiled entry
 * next to this module in a build, or, from the TypeScript sources, the entry through the episode pool's
 * bootstrap, which registers tsx in the worker first (see server/pool/spawn.ts).
 */
import { Worker } from "node:worker_threads";

/** Starts the worker whose entry is `name` (without extension) in this folder. */
export function spawnCliWorker(name: string, data: object): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData: data });
  const entry = new URL(`./${name}.ts`, import.meta.url).href;
  return new Worker(new URL("../pool/from-source.mjs", import.meta.url), { workerData: { ...data, entry } });
}
