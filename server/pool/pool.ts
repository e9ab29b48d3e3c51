/**
 * The episode pool: every episode operation (reset, step, observe, state, release) and every stateless
 * grading (/grader, /arena, /baseline, grade_trajectory) goes through this one interface, in one of two
 * implementations chosen by WORKERS:
 *
 * - `WORKERS=0`: in-process (in-process.ts), the engine in the main thread, as simple as it gets and the
 *   fastest for one client; but a slow step blocks every session and no deadline can stop it.
 * - `WORKERS=n` (default: one per core): worker threads (workers.ts), each episode pinned to one worker,
 *   so steps of different episodes run on every core, and a step past STEP_TIMEOUT_MS is stopped by
 *   replacing its worker.
 *
 * The main thread keeps each episode's record (played-episode.ts), and every episode task carries it, so a
 * holder that lost an episode (a replaced worker) rebuilds it by replay; determinism makes the rebuilt
 * episode identical. Callers serialise the tasks of one episode (one in flight at a time).
 */
import { availableParallelism } from "node:os";
import type { Catalog } from "../../tasks/catalog.js";
import { InProcessPool } from "./in-process.js";
import type { EpisodeTask, TaskAnswers } from "./tasks.js";
import { WorkerPool } from "./workers.js";

export interface EpisodePool {
  readonly kind: "in-process" | "workers";
  /** Worker threads the pool runs (0 in-process). */
  readonly size: number;
  /**
   * Runs a task. Episode tasks carry the episode's current record (the pool sends it on only when the
   * holder needs it).
   * @throws the engine's errors as the server's (ValidationError, HttpError), StepDeadlineError past the
   *   deadline, ShuttingDownError once closed, TaskFailedError or WorkerLostError for bugs.
   */
  run<T extends EpisodeTask>(task: T): Promise<TaskAnswers[T["op"]]>;
  /** Starts every worker and waits until each is ready, so the first requests do not wait for them. */
  warmUp(): Promise<void>;
  /** What the pool is doing, for /metrics. */
  stats(): PoolStats;
  /** Refuses new tasks, fails those in flight with ShuttingDownError, and stops the workers. */
  close(): Promise<void>;
}

export interface PoolStats {
  /** Tasks sent and not yet answered. */
  pending: number;
  /** Worker threads running now. */
  running: number;
}

/** What a pool tells the server about, for logs and metrics. */
export interface PoolEvents {
  /** A task ran past the deadline; its worker is being replaced. */
  deadlineExceeded(task: EpisodeTask, workerIndex: number): void;
  /** A worker was replaced: after a deadline, or because it stopped on its own (`error`). */
  workerReplaced(workerIndex: number, reason: "deadline" | "crash", error?: unknown): void;
}

export const NO_POOL_EVENTS: PoolEvents = { deadlineExceeded: () => undefined, workerReplaced: () => undefined };

export interface PoolOptions {
  /** Worker threads; 0 runs the engine in the main thread. */
  workers: number;
  /** Longest a task may go without finishing a step, in ms (STEP_TIMEOUT_MS). */
  stepTimeoutMs: number;
  /** The catalogue; a custom one can only be served in-process (workers load the built-in one). */
  catalog: Catalog;
  /** A module whose `judge` export replaces the grader as the judge of live episodes (tests make steps slow with it). */
  judgeModule?: string | undefined;
  events?: PoolEvents;
}

/** One worker per core, as `WORKERS` defaults to. */
export const defaultWorkers = (): number => availableParallelism();

/**
 * The pool `options.workers` asks for.
 * @example const pool = createPool({ workers: 2, stepTimeoutMs: 10_000, catalog: loadCatalog() });
 */
export function createPool(options: PoolOptions): EpisodePool {
  const events = options.events ?? NO_POOL_EVENTS;
  if (options.workers === 0) return new InProcessPool(options.catalog, options.judgeModule);
  return new WorkerPool({ workers: options.workers, deadlineMs: options.stepTimeoutMs, judgeModule: options.judgeModule, events });
}
