/**
 * A `breakfix export --workers N` thread: generates the export line of each seed it is sent and posts it back
 * as JSON text (null for a seed with no scenario), one answer per seed, in the order sent.
 */
import { parentPort, workerData } from "node:worker_threads";
import { exportLine } from "../../generator/export.js";
import { GenerationError } from "../../generator/generate.js";
import type { GeneratedDifficulty, GeneratedSplit } from "../../tasks/generator/task.js";

/** What the main thread tells a worker at start. */
export interface ExportWorkerData {
  split: GeneratedSplit;
  difficulty: GeneratedDifficulty;
}

/** A worker's answer for one seed: its line, null when no attempt passed the gates, or why it failed. */
export type ExportAnswer = { seed: number; line: string | null } | { seed: number; error: string };

const port = parentPort!;
const { split, difficulty } = workerData as ExportWorkerData;

port.on("message", (seed: number) => {
  let answer: ExportAnswer;
  try {
    answer = { seed, line: JSON.stringify(exportLine({ split, difficulty, seed })) };
  } catch (error) {
    answer = error instanceof GenerationError ? { seed, line: null } : { seed, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
