/**
 * An episode worker thread: one EpisodeHost over the served catalogue (curated and generated), answering the pool's tasks one at a
 * time in the order they arrive (the lane's deadline relies on that order: the oldest unanswered task is the
 * one running). It posts `ready` once loaded, `progress` after each action a replay or a grading plays, and
 * one `result` per task.
 */
import { parentPort, workerData } from "node:worker_threads";
import { servedCatalog } from "../../generator/family.js";
import { EpisodeHost } from "./host.js";
import { loadJudge } from "./judge.js";
import type { WorkerMessage } from "./lane.js";
import type { EpisodeWorkerData } from "./spawn.js";
import { toWireError, type EpisodeTask } from "./tasks.js";
import { usePlainEnvironment } from "../plain-env.js";

usePlainEnvironment();

const port = parentPort!;
const data = workerData as EpisodeWorkerData;
const host = new EpisodeHost(servedCatalog(), await loadJudge(data.judgeModule));
const post = (message: WorkerMessage): void => port.postMessage(message);

const inbox: Array<{ id: number; task: EpisodeTask }> = [];
let busy = false;

port.on("message", (message: { id: number; task: EpisodeTask }) => {
  inbox.push(message);
  void drain();
});
post({ type: "ready" });

async function drain(): Promise<void> {
  if (busy) return;
  busy = true;
  for (let next = inbox.shift(); next !== undefined; next = inbox.shift()) await handle(next.id, next.task);
  busy = false;
}

async function handle(id: number, task: EpisodeTask): Promise<void> {
  try {
    const value = await host.run(task, () => post({ type: "progress", id }));
    post({ type: "result", id, ok: true, value });
  } catch (error) {
    post({ type: "result", id, ok: false, error: toWireError(error) });
  }
}
