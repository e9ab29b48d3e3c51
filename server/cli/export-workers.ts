/**
 * `breakfix export` on every core: seeds are handed to worker threads one at a time as each finishes its last
 * (an expert seed costs several easy ones, so a fixed split would leave cores idle), and the lines are written
 * in seed order, the bytes a single thread writes. At most EXPORT_WINDOW_PER_WORKER seeds per worker are out
 * ahead of the next line to write, so memory stays flat however many lines are asked for.
 */
import { generatedId } from "../../generator/generate.js";
import type { GeneratedDifficulty, GeneratedSplit } from "../../tasks/generator/task.js";
import { spawnCliWorker, spreadOverThreads } from "./cli-worker.js";
import type { ExportAnswer, ExportWorkerData } from "./export-worker.js";

/** Seeds a worker may be ahead of the writer by (lines held while an earlier seed is still generating). */
export const EXPORT_WINDOW_PER_WORKER = 8;

export interface ParallelExport {
  split: GeneratedSplit;
  difficulty: GeneratedDifficulty;
  count: number;
  from: number;
  workers: number;
  /** Each line's JSON text, in seed order. */
  onLine(text: string): void;
  /** A seed whose every attempt failed the gates. */
  onSkip(id: string): void;
}

/** Generates seeds from..from+count-1 on `workers` threads; resolves once every line is written. */
export function exportInParallel(job: ParallelExport): Promise<void> {
  const end = job.from + job.count;
  const window = EXPORT_WINDOW_PER_WORKER * job.workers;
  const idOf = (seed: number): string => generatedId({ split: job.split, difficulty: job.difficulty, seed });
  const done = new Map<number, string | null>();
  let writing = job.from; // the next seed to write
  return spreadOverThreads<ExportAnswer>({
    label: "export",
    threads: Array.from({ length: Math.min(job.workers, job.count) }, () => spawnCliWorker("export-worker", { split: job.split, difficulty: job.difficulty } satisfies ExportWorkerData)),
    count: job.count,
    send: (thread, index) => thread.postMessage(job.from + index),
    ready: (index) => job.from + index < writing + window,
    receive(answer) {
      if ("error" in answer) throw new Error(`export of ${idOf(answer.seed)} failed: ${answer.error}`);
      done.set(answer.seed, answer.line);
      for (let line = done.get(writing); line !== undefined; line = done.get(writing)) {
        done.delete(writing);
        if (line === null) job.onSkip(idOf(writing));
        else job.onLine(line);
        writing++;
      }
      return writing === end;
    },
  });
}
