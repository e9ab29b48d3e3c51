/**
 * One worker thread of the pool and the tasks sent to it, answered strictly in order (a worker runs one
 * task at a time, first in first out). Because of that order the lane knows which task the worker is running:
 * the oldest unanswered one. Its deadline starts when it becomes the oldest (time spent queued behind others
 * does not count), and restarts at each progress report (an action replayed or graded), so STEP_TIMEOUT_MS
 * bounds each step. Progress cannot extend a task past MAX_REPLAY_MS from its start, though: a replay of
 * slow steps that each report in time is stopped there too (ReplayDeadlineError), rather than holding the
 * worker for as long as its actions take.
 *
 * When the running task passes a deadline, the lane fails it (StepDeadlineError), terminates the worker,
 * starts a fresh one at once, and fails every task queued behind with LaneRestartedError, which the pool
 * sends again: their episodes are rebuilt from their records on the new worker. A worker that dies on its
 * own is handled the same way, its running task failing with WorkerLostError; one that dies before it was
 * ready fails every queued task and is not restarted until the next task, so a worker that cannot start does
 * not restart in a loop.
 */
import type { Worker } from "node:worker_threads";
import { MAX_REPLAY_MS } from "../../contracts/limits.js";
import { LaneRestartedError, ReplayDeadlineError, ShuttingDownError, StepDeadlineError, WorkerLostError } from "./errors.js";
import type { PoolEvents } from "./pool.js";
import { fromWireError, type EpisodeTask, type WireError } from "./tasks.js";

/** Longest a worker may take to load before it counts as failed to start. */
const STARTUP_TIMEOUT_MS = 60_000;

/** Messages a worker posts (worker-main.ts). */
export type WorkerMessage =
  | { type: "ready" }
  | { type: "progress"; id: number }
  | { type: "result"; id: number; ok: true; value: unknown }
  | { type: "result"; id: number; ok: false; error: WireError };

interface Sent {
  id: number;
  task: EpisodeTask;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface LaneOptions {
  index: number;
  deadlineMs: number;
  /** Longest a task may run in all, however often it reports progress (MAX_REPLAY_MS unless told; never below deadlineMs). */
  totalMs?: number;
  spawn(): Worker;
  events: PoolEvents;
}

export class WorkerLane {
  /** Counts the workers this lane has started; a task for an episode of an older one needs its record. */
  incarnation = 0;
  /** Episodes the pool placed on this lane. */
  placed = 0;
  private worker: Worker | null = null;
  private ready = false;
  private readyWaiters: Array<() => void> = [];
  private readonly queue: Sent[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** When the running task last reported progress (or started), by performance.now(). */
  private headSince = 0;
  /** When the running task started, by performance.now(). */
  private headStarted = 0;
  /** The id of the task the deadline is armed for (0: none). */
  private armedFor = 0;
  private nextId = 1;
  private closed = false;

  private readonly totalMs: number;

  constructor(private readonly options: LaneOptions) {
    this.totalMs = Math.max(options.totalMs ?? MAX_REPLAY_MS, options.deadlineMs);
  }

  /** Tasks sent and not yet answered. */
  get pending(): number {
    return this.queue.length;
  }

  get running(): boolean {
    return this.worker !== null;
  }

  /** How long the running task has gone without finishing or reporting progress, in ms (0 when idle). */
  get stalledFor(): number {
    return this.queue.length > 0 && this.ready ? performance.now() - this.headSince : 0;
  }

  /** Starts the worker if none runs; returns the incarnation the next task will reach. */
  ensureStarted(): number {
    if (this.worker === null && !this.closed) this.spawn();
    return this.incarnation;
  }

  /** Resolves once the current worker is ready. */
  whenReady(): Promise<void> {
    this.ensureStarted();
    if (this.ready || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Sends a task; resolves with its answer, rejects with its error. */
  submit(task: EpisodeTask): Promise<unknown> {
    if (this.closed) return Promise.reject(new ShuttingDownError());
    this.ensureStarted();
    const worker = this.worker!;
    return new Promise((resolve, reject) => {
      const sent: Sent = { id: this.nextId++, task, resolve, reject };
      try {
        worker.postMessage({ id: sent.id, task });
      } catch (error) {
        reject(error);
        return;
      }
      this.queue.push(sent);
      if (this.queue.length === 1) {
        // A worker with work keeps the process alive; an idle one does not.
        worker.ref();
        if (this.ready) this.arm();
      }
    });
  }

  /** Fails every queued task with ShuttingDownError and stops the worker. */
  async close(): Promise<void> {
    this.closed = true;
    this.disarm();
    for (const sent of this.queue.splice(0)) sent.reject(new ShuttingDownError());
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    const worker = this.worker;
    this.worker = null;
    if (worker !== null) await worker.terminate();
  }

  private spawn(): void {
    this.incarnation++;
    const worker = this.options.spawn();
    this.worker = worker;
    this.ready = false;
    worker.on("message", (message: WorkerMessage) => this.receive(worker, message));
    // Listeners stay on a replaced worker too: an 'error' without one would take the server down.
    worker.on("error", (error) => this.lost(worker, error));
    worker.on("exit", (code) => this.lost(worker, new Error(`worker exited with code ${code}`)));
    // Referenced while it starts (someone is waiting for it); unreferenced whenever it is idle after that.
    this.timer = setTimeout(() => this.lost(worker, new Error(`worker not ready after ${STARTUP_TIMEOUT_MS} ms`)), STARTUP_TIMEOUT_MS);
    this.timer.unref();
  }

  private receive(worker: Worker, message: WorkerMessage): void {
    if (worker !== this.worker) return; // the last words of a worker already replaced
    switch (message.type) {
      case "ready":
        this.ready = true;
        this.disarm();
        for (const resolve of this.readyWaiters.splice(0)) resolve();
        if (this.queue.length > 0) this.arm();
        else worker.unref();
        return;
      case "progress":
        // Progress restarts the step's deadline, not the task's: headStarted stays.
        if (this.queue[0]?.id === message.id && this.armedFor === message.id) this.headSince = performance.now();
        return;
      case "result": {
        const head = this.queue[0];
        if (head === undefined || head.id !== message.id) return;
        this.queue.shift();
        if (this.queue.length > 0) this.arm();
        else {
          // Idle: nothing has a deadline now; the timer, if set, lapses or serves the next task.
          this.armedFor = 0;
          worker.unref();
        }
        if (message.ok) head.resolve(message.value);
        else head.reject(fromWireError(message.error));
        return;
      }
    }
  }

  /**
   * Starts the running task's deadlines. One timer serves a run of tasks: a task that ends before the
   * deadline leaves it armed for the next, which only moves `headSince`; when it fires early for the task
   * running then, it is set again for what that task has left (steps take microseconds, a deadline seconds,
   * so a timer per task would be set and cleared thousands of times for each that fires).
   */
  private arm(): void {
    this.headSince = performance.now();
    this.headStarted = this.headSince;
    this.armedFor = this.queue[0]?.id ?? 0;
    if (this.timer === undefined) this.setTimer(this.options.deadlineMs);
  }

  private setTimer(ms: number): void {
    const worker = this.worker;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.expire(worker);
    }, ms);
    // A lane with work keeps the process alive through its worker (submit refs it), not through this timer,
    // which may outlive the work it was set for.
    this.timer.unref();
  }

  /** Clears the deadline: the worker is ready, going, or the lane closed. */
  private disarm(): void {
    this.armedFor = 0;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private expire(worker: Worker | null): void {
    if (worker !== this.worker || this.armedFor === 0 || this.queue[0]?.id !== this.armedFor) return;
    const now = performance.now();
    const stepLeft = this.options.deadlineMs - (now - this.headSince);
    const totalLeft = this.totalMs - (now - this.headStarted);
    if (stepLeft > 0 && totalLeft > 0) {
      this.setTimer(Math.min(stepLeft, totalLeft));
      return;
    }
    const head = this.queue.shift();
    if (head === undefined) return;
    this.options.events.deadlineExceeded(head.task, this.options.index);
    head.reject(totalLeft <= 0 ? new ReplayDeadlineError(head.task, this.totalMs) : new StepDeadlineError(head.task, this.options.deadlineMs));
    this.replace("deadline");
  }

  private lost(worker: Worker, error: unknown): void {
    if (worker !== this.worker || this.closed) return;
    if (!this.ready) {
      this.disarm();
      this.worker = null;
      void worker.terminate();
      for (const sent of this.queue.splice(0)) sent.reject(new WorkerLostError(error));
      for (const resolve of this.readyWaiters.splice(0)) resolve();
      this.options.events.workerReplaced(this.options.index, "crash", error);
      return;
    }
    this.queue.shift()?.reject(new WorkerLostError(error));
    this.replace("crash", error);
  }

  /** Terminates the worker, starts another, and hands the tasks queued behind back to the pool. */
  private replace(reason: "deadline" | "crash", error?: unknown): void {
    const old = this.worker!;
    this.worker = null;
    this.disarm();
    void old.terminate();
    this.options.events.workerReplaced(this.options.index, reason, error);
    const waiting = this.queue.splice(0);
    if (!this.closed) this.spawn();
    for (const sent of waiting) sent.reject(new LaneRestartedError());
  }
}
