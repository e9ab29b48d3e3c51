/**
 * One episode as the server holds it, whichever transport plays it (an HTTP episode, a WebSocket or MCP
 * session's current episode): its record, which is the truth (scenario, seed, the actions accepted; see
 * environment/episode-record.ts), a key under which the episode pool may hold it live, and a queue that runs
 * its operations one at a time, so concurrent requests on one episode never race and each sees the ones
 * before it. The live episode is only a cache of the record's replay: a pool that lost it (a worker replaced
 * after a deadline) rebuilds it from the record the next task carries.
 *
 * An action becomes part of the record only once the pool has answered it; a step that fails (a deadline, a
 * bug) leaves the record, and so the episode, as it was. The record is kept whole (every action is needed to
 * rebuild the episode), so what it may grow to is bounded: MAX_RECORD_BYTES per episode, and the server's
 * MAX_KEPT_RECORD_BYTES over all, which the runtime admits each step against. A finished episode keeps
 * nothing else: the pool forgets it, and its state is answered by replaying the record (its final state,
 * files and history, would otherwise be kept as a second copy of what the record rebuilds).
 */
import type { Action } from "../contracts/actions.js";
import { MAX_RECORD_BYTES } from "../contracts/limits.js";
import { recordedAction, type EpisodeRecord } from "../environment/episode-record.js";
import type { Catalog } from "../tasks/catalog.js";
import { episodeDone } from "./episode-commands.js";
import { HttpError } from "./errors.js";
import { actionBytes, recordBytes } from "./record-bytes.js";
import type { EpisodePool } from "./pool/pool.js";

/** Who plays an episode, for metrics. */
export type EpisodeTransport = "http" | "ws" | "mcp";

/** A step as the transports report it: the StepResult as JSON, and what logs and metrics want of it. */
export interface StepOutcome {
  json: string;
  done: boolean;
  failed: boolean;
}

/** What an episode needs from the server: the pool that plays it, the catalogue, and who hears of each step. */
export interface EpisodeRuntime {
  pool: EpisodePool;
  catalog: Catalog;
  /** Told of every step answered or failed, with its duration in seconds. */
  stepped(transport: EpisodeTransport, seconds: number, outcome: "ok" | "failed_action" | "error"): void;
  /** Told of the record of every episode a step has just finished (the episode store archives it for replay). */
  finished?(transport: EpisodeTransport, record: EpisodeRecord): void;
  /**
   * Makes room for `bytes` more of episode records in the server's MAX_KEPT_RECORD_BYTES, before a step or a
   * start that adds them. @throws HttpError 503 when the episodes in play alone leave no room.
   */
  admit?(bytes: number): void;
}

let lastKey = 0;

export class PlayedEpisode {
  /** The pool's name for this episode: unique in the process (episode ids are the clients' to choose). */
  readonly key = `episode-${++lastKey}`;
  private current: EpisodeRecord;
  private first: Promise<string> | undefined;
  /** What keeping the record costs (record-bytes.ts), kept up to date as it grows. */
  private recordCost: number;
  private tail: Promise<unknown> = Promise.resolve();

  /** Starts the episode `record` describes (a reset's: no actions yet) in the pool; `resume` (see resume()) starts nothing. */
  constructor(
    private readonly runtime: EpisodeRuntime,
    readonly transport: EpisodeTransport,
    record: EpisodeRecord,
    begin: "start" | "resume" = "start",
  ) {
    this.current = record;
    this.recordCost = recordBytes(record);
    if (begin === "start") {
      this.first = this.enqueue(() => runtime.pool.run({ op: "start", key: this.key, record }));
      // A caller that never awaits the start (it was replaced at once) must not leave an unhandled rejection.
      this.first.catch(() => undefined);
    }
  }

  /**
   * The episode a record describes, at any point of it, taken up where the record stands (another replica
   * played it so far): nothing runs until its first operation, whose task carries the record, so the pool
   * rebuilds the episode by replay then.
   */
  static resume(runtime: EpisodeRuntime, transport: EpisodeTransport, record: EpisodeRecord): PlayedEpisode {
    return new PlayedEpisode(runtime, transport, record, "resume");
  }

  /**
   * The first observation as JSON (for a resumed episode, the observation where it was taken up); rejects
   * when the start failed (the record stays valid: later tasks rebuild it).
   */
  get started(): Promise<string> {
    return (this.first ??= this.observe());
  }

  get episodeId(): string {
    return this.current.episode_id;
  }

  /** The record: everything it takes to rebuild the episode anywhere. */
  get record(): EpisodeRecord {
    return this.current;
  }

  get done(): boolean {
    return this.current.done;
  }

  /** What keeping the record costs, in bytes of JSON. */
  get bytes(): number {
    return this.recordCost;
  }

  /**
   * Plays a validated action after every operation already queued.
   * @throws HttpError 409 when the episode is done by then (`stateAt` says where its state is read), 413 when
   *   recording the action would take the record past MAX_RECORD_BYTES, 503 when the server's records leave no
   *   room for it, or whatever the pool throws (the action is then not recorded).
   */
  step(action: Action, stateAt: string): Promise<StepOutcome> {
    return this.enqueue(async () => {
      if (this.current.done) throw episodeDone(this.current.episode_id, stateAt);
      const recorded = recordedAction(action);
      const size = actionBytes(recorded);
      if (this.recordCost + size > MAX_RECORD_BYTES) throw recordTooLarge(this.episodeId, this.recordCost, size);
      this.runtime.admit?.(size);
      const began = performance.now();
      try {
        const answer = await this.runtime.pool.run({ op: "step", key: this.key, episodeId: this.episodeId, action, record: this.current });
        this.current = { ...this.current, actions: [...this.current.actions, recorded], hints_used: answer.hintsUsed, done: answer.done };
        this.recordCost += size;
        if (answer.done) this.runtime.finished?.(this.transport, this.current);
        this.runtime.stepped(this.transport, (performance.now() - began) / 1000, answer.failed ? "failed_action" : "ok");
        return { json: answer.json, done: answer.done, failed: answer.failed };
      } catch (error) {
        this.runtime.stepped(this.transport, (performance.now() - began) / 1000, "error");
        throw error;
      }
    });
  }

  /** The current observation as a reset answers it (reward 0), as JSON. */
  observe(): Promise<string> {
    return this.enqueue(() => this.runtime.pool.run({ op: "observe", key: this.key, episodeId: this.episodeId, record: this.current }));
  }

  /** The state (the observation, OpenEnv's state fields, the history) as JSON. */
  state(): Promise<string> {
    return this.enqueue(() => this.runtime.pool.run({ op: "state", key: this.key, episodeId: this.episodeId, record: this.current }));
  }

  /** Lets the pool forget the live episode, once the operations queued before have run. */
  release(): void {
    void this.enqueue(() => this.runtime.pool.run({ op: "release", key: this.key })).catch(() => undefined);
  }

  private enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.tail.then(operation, operation);
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}

/** The 413 of an action whose recording would take its episode's record past MAX_RECORD_BYTES. */
function recordTooLarge(episodeId: string, recorded: number, size: number): HttpError {
  return new HttpError(
    413,
    `episode '${episodeId}' has recorded ${recorded} bytes of actions and this action is ${size} more; an episode may record at most ` +
      `${MAX_RECORD_BYTES} (MAX_RECORD_BYTES: the server keeps every action to replay the episode); the action was not played: ` +
      "make smaller edits (edit_file with the lines that change), submit, or reset",
  );
}
