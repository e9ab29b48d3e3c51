// Loads an episode worker from its TypeScript source: registers tsx in this worker, then imports the entry
// named in workerData (see spawn.ts). Never used by a build, which runs the compiled worker-main.js.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
