/**
 * The worker-thread pool (`WORKERS=n`): n worker threads, each holding the live episodes placed on it.
 *
 * Why not a task pool such as piscina: those hand each task to whichever worker is free, which suits pure
 * functions. A live episode is state: its repository, assessment and history sit in one worker's memory,
 * and moving it to another worker for every step would mean replaying it or copying it each time. So each
 * episode is placed on one worker when it starts (the lane with the fewest episodes) and every later task
 * of it goes there; WebSocket sessions and named HTTP episodes thus always reach the same worker, and
 * different episodes run on different cores. Stateless work (grading, the baseline) goes to the lane with
 * the fewest tasks waiting, passing over a lane whose running task seems stuck (it would wait behind it
 * until the deadline). What that needs beyond Node's worker_threads is small: lanes (lane.ts) with a
 * deadline each, and this placement table.
 *
 * A task carries the episode's record only when the worker may not hold the episode (it was placed on an
 * earlier incarnation of the lane, i.e. before a restart), or when the worker says it does not (it forgot
 * the episode after a task threw); the worker then rebuilds it by replay.
 */
import { LaneRestartedError } from "./errors.js";
import { WorkerLane } from "./lane.js";
import type { EpisodePool, PoolEvents, PoolStats } from "./pool.js";
import { spawnEpisodeWorker } from "./spawn.js";
import { MissingEpisodeError, type EpisodeTask, type TaskAnswers } from "./tasks.js";

/** How many times a task is sent again after its worker was replaced before it ran. */
const MAX_RESENDS = 3;

/** A lane whose running task has gone this long without progress is passed over for stateless work. */
const STALLED_MS = 250;

interface Placement {
  lane: WorkerLane;
  /** The lane incarnation known to hold the episode; -1 when none is. */
  incarnation: number;
}

export interface WorkerPoolOptions {
  workers: number;
  deadlineMs: number;
  judgeModule?: string | undefined;
  events: PoolEvents;
}

export class WorkerPool implements EpisodePool {
  readonly kind = "workers";
  private readonly lanes: WorkerLane[];
  private readonly placements = new Map<string, Placement>();

  constructor(options: WorkerPoolOptions) {
    const data = { judgeModule: options.judgeModule };
    this.lanes = Array.from(
      { length: options.workers },
      (_, index) => new WorkerLane({ index, deadlineMs: options.deadlineMs, events: options.events, spawn: () => spawnEpisodeWorker(data) }),
    );
  }

  get size(): number {
    return this.lanes.length;
  }

  async run<T extends EpisodeTask>(task: T): Promise<TaskAnswers[T["op"]]> {
    if (!("key" in task)) return (await this.stateless(task)) as TaskAnswers[T["op"]];
    if (task.op === "release") {
      this.release(task.key);
      return null as TaskAnswers[T["op"]];
    }
    const placement = this.place(task.key);
    for (let attempt = 0; ; attempt++) {
      const incarnation = placement.lane.ensureStarted();
      const withRecord = task.op === "start" || placement.incarnation !== incarnation;
      try {
        const answer = await placement.lane.submit(withRecord ? task : withoutRecord(task));
        placement.incarnation = incarnation;
        return answer as TaskAnswers[T["op"]];
      } catch (error) {
        if (error instanceof LaneRestartedError && attempt < MAX_RESENDS) continue;
        if (error instanceof MissingEpisodeError && !withRecord) {
          placement.incarnation = -1;
          continue;
        }
        throw error;
      }
    }
  }

  async warmUp(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.whenReady()));
  }

  stats(): PoolStats {
    return {
      pending: this.lanes.reduce((n, lane) => n + lane.pending, 0),
      running: this.lanes.filter((lane) => lane.running).length,
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.close()));
    this.placements.clear();
  }

  /** The episode's placement; a new episode goes to the lane holding the fewest. */
  private place(key: string): Placement {
    let placement = this.placements.get(key);
    if (placement === undefined) {
      const lane = this.lanes.reduce((best, lane) => (lane.placed < best.placed ? lane : best));
      lane.placed++;
      placement = { lane, incarnation: -1 };
      this.placements.set(key, placement);
    }
    return placement;
  }

  /** Forgets the placement; the worker is told only if it may hold the episode. */
  private release(key: string): void {
    const placement = this.placements.get(key);
    if (placement === undefined) return;
    this.placements.delete(key);
    placement.lane.placed--;
    if (placement.incarnation === placement.lane.incarnation) {
      placement.lane.submit({ op: "release", key }).catch(() => undefined);
    }
  }

  private async stateless(task: EpisodeTask): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const moving = this.lanes.filter((lane) => lane.stalledFor < STALLED_MS);
      const lane = (moving.length > 0 ? moving : this.lanes).reduce((best, lane) => (lane.pending < best.pending ? lane : best));
      try {
        return await lane.submit(task);
      } catch (error) {
        if (error instanceof LaneRestartedError && attempt < MAX_RESENDS) continue;
        throw error;
      }
    }
  }
}

/** The task without its record, for a worker that holds the episode already. */
function withoutRecord<T extends EpisodeTask>(task: T): T {
  if (!("record" in task) || task.op === "start") return task;
  const { record: _record, ...rest } = task;
  return rest as T;
}
