/**
 * Worker threads for the CLI commands that spread their work over the cores (export, eval): starting one (the
 * compiled entry next to this module in a build, or, from the TypeScript sources, the entry through the episode
 * pool's bootstrap, which registers tsx in the worker first: see server/pool/spawn.ts), and handing items to
 * a set of them, each taking the next as it answers its last.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/** Starts the worker whose entry is `name` (without extension) in this folder. */
export function spawnCliWorker(name: string, data: object): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData: data });
  const entry = new URL(`./${name}.ts`, import.meta.url).href;
  return new Worker(new URL("../pool/from-source.mjs", import.meta.url), { workerData: { ...data, entry } });
}

/** Work handed out item by item (0..count-1) to threads, each taking the next as it answers its last. */
export interface ThreadWork<Answer> {
  threads: readonly Worker[];
  count: number;
  /** Sends item `index` to `thread`. */
  send(thread: Worker, index: number): void;
  /** Takes one answer; true once the work is done. What it throws stops the work and rejects with it. */
  receive(answer: Answer): boolean;
  /** Whether item `index` may go out now (the command may hold items back, e.g. to bound what it buffers). */
  ready?(index: number): boolean;
  /** Names the work in the error of a thread that stops on its own. */
  label: string;
}

/** Runs `work` on its threads; resolves once it is done, rejects at the first failure; the threads are stopped either way. */
export function spreadOverThreads<Answer>(work: ThreadWork<Answer>): Promise<void> {
  const idle = new Set<Worker>(work.threads);
  let next = 0;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      void Promise.all(work.threads.map((t) => t.terminate())).then(() => (error === undefined ? resolve() : reject(error)));
    };
    // Every idle thread takes the next item, as long as there is one and it may go out.
    const handOut = (): void => {
      for (const thread of idle) {
        if (next >= work.count || work.ready?.(next) === false) return;
        idle.delete(thread);
        work.send(thread, next++);
      }
    };
    for (const thread of work.threads) {
      thread.on("error", (error) => finish(error));
      thread.on("exit", (code) => finish(new Error(`a ${work.label} thread stopped (exit code ${code})`)));
      thread.on("message", (answer: Answer) => {
        try {
          if (work.receive(answer)) return finish();
        } catch (error) {
          return finish(error);
        }
        idle.add(thread);
        handOut();
      });
    }
    handOut();
  });
}

/**
 * Threads a command starts for `items` when not told: one per core but one, since generating on one thread
 * already keeps about a core and a half busy (V8 collects garbage on the others: 1,000 exported scenarios took
 * 27 s of CPU in 19 s on this project's 2-core machine, and two threads 38 s of CPU in 20 s), and at most one
 * per `perThread` items (a thread's start costs what some 60 scenarios do). 1: the command runs in-process.
 */
export function defaultWorkers(items: number, perThread: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores - 1, Math.floor(items / perThread)));
}
