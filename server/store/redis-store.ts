/**
 * The episode store on Redis (`EPISODE_STORE=redis://[user:password@]host:port[/db]`), shared by every
 * replica of a fleet: each operation is one Lua script (redis-scripts.ts), so capacity, the step check and
 * expiry hold across replicas. Capacity (MAX_SESSIONS) counts the fleet's HTTP episodes; each replica's
 * private sessions (WebSocket, MCP) count against its own MAX_SESSIONS apart.
 *
 * Failure. The client never queues or resends a command: while Redis is unreachable every operation fails
 * at once with a 503 (StoreUnavailableError), so a request neither hangs nor is carried out later behind
 * the client's back. When Redis comes back with its data (appendonly, or a snapshot), episodes go on where
 * they were; when it comes back empty, the first script to run marks a new epoch, every replica that saw
 * the old one notes the loss, and its 404s say that the episode was lost with the store's data.
 */
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { Redis } from "ioredis";
import type { Action } from "../../contracts/actions.js";
import type { EpisodeRecord } from "../../environment/episode-record.js";
import type { Logger } from "../log.js";
import { CapacityError } from "./capacity.js";
import {
  StoreUnavailableError,
  type ArchivedEpisode,
  type CommitOutcome,
  type EpisodeStore,
  type EvictionListener,
  type StoredEpisode,
} from "./episode-store.js";
import { COMMIT_SCRIPT, LOAD_SCRIPT, REMOVE_SCRIPT, START_SCRIPT } from "./redis-scripts.js";

export interface RedisStoreOptions {
  /** redis:// or rediss:// URL. */
  url: string;
  maxSessions: number;
  ttlSeconds: number;
  /** Key prefix, `breakfix:` unless told (two fleets may share one Redis under different prefixes). */
  prefix?: string;
  /** Longest one Redis command may take before the request is answered 503. */
  commandTimeoutMs?: number;
  logger?: Logger;
  onEvict?: EvictionListener;
}

/** The client, loaded only when a server uses Redis: a server on the memory store never pays for it. */
const loadClient = (): typeof Redis => (createRequire(import.meta.url)("ioredis") as typeof import("ioredis")).Redis;

type Scripted = Redis & {
  breakfixStart(...args: Array<string | number>): Promise<[string, number, string, string, number]>;
  breakfixLoad(...args: Array<string | number>): Promise<[string, string, number, string, string?, string?, string?, string[]?]>;
  breakfixCommit(...args: Array<string | number>): Promise<CommitOutcome>;
  breakfixRemove(...args: Array<string | number>): Promise<number>;
};

/** Redis's answers that mean "not now" rather than a fault in a script. */
const TRANSIENT_REPLY = /^(LOADING|BUSY|MASTERDOWN|READONLY|OOM|TRYAGAIN|CLUSTERDOWN|NOREPLICAS)\b/;

/** Where the store is, for messages and logs: host and port, never the password. */
export function redisWhere(url: string): string {
  const parsed = new URL(url);
  return `redis at ${parsed.hostname}:${parsed.port || "6379"}`;
}

export class RedisEpisodeStore implements EpisodeStore {
  readonly kind = "redis";
  readonly placesHere = 0;
  private readonly redis: Scripted;
  private readonly prefix: string;
  private readonly where: string;
  private readonly ttlMs: number;
  private lastCount = 0;
  private epoch: string | undefined;
  private lostAt: string | undefined;

  constructor(private readonly options: RedisStoreOptions) {
    this.prefix = options.prefix ?? "breakfix:";
    this.where = redisWhere(options.url);
    this.ttlMs = options.ttlSeconds * 1000;
    const Client = loadClient();
    const redis = new Client(options.url, {
      // Fail fast, never later: no offline queue, no resending after a reconnect, no retries per command.
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 5000,
      connectTimeout: 2000,
      // Reconnect for as long as the server runs, at most a second apart.
      retryStrategy: (attempt) => Math.min(50 * attempt, 1000),
    });
    redis.on("error", (error: Error) => options.logger?.debug({ err: error, store: this.where }, "episode store connection error"));
    redis.on("ready", () => options.logger?.info({ store: this.where }, "episode store connected"));
    redis.on("close", () => options.logger?.debug({ store: this.where }, "episode store connection closed"));
    redis.defineCommand("breakfixStart", { numberOfKeys: 6, lua: START_SCRIPT });
    redis.defineCommand("breakfixLoad", { numberOfKeys: 4, lua: LOAD_SCRIPT });
    redis.defineCommand("breakfixCommit", { numberOfKeys: 4, lua: COMMIT_SCRIPT });
    redis.defineCommand("breakfixRemove", { numberOfKeys: 5, lua: REMOVE_SCRIPT });
    this.redis = redis as Scripted;
  }

  get size(): number {
    return this.lastCount;
  }

  async start(episode: StoredEpisode, { asDefault }: { asDefault: boolean; placesHeldElsewhere: number }): Promise<void> {
    const { record, generation } = episode;
    if (record.actions.length > 0) throw new Error("a started episode has no actions yet");
    const id = record.episode_id;
    const head = JSON.stringify({ episode_id: id, scenario_id: record.scenario_id, seed: record.seed });
    const [status, count, epoch, evicted, pruned] = await this.call("no", () =>
      this.redis.breakfixStart(...this.shared(), this.episodeKey(id), this.actionsKey(id), this.candidate(), this.prefix, this.ttlMs, this.options.maxSessions, id, generation, head, asDefault ? 1 : 0),
    );
    this.noteEpoch(epoch);
    this.lastCount = Number(count);
    for (let i = 0; i < Number(pruned); i++) this.options.onEvict?.("expired", null);
    if (evicted !== "") this.options.onEvict?.("capacity", evicted);
    if (status === "full") throw new CapacityError(this.lastCount, this.options.maxSessions, this.options.ttlSeconds);
  }

  async load(id: string | null): Promise<StoredEpisode | undefined> {
    const reply = await this.call("no", () => this.redis.breakfixLoad(...this.shared(), this.candidate(), this.prefix, this.ttlMs, id ?? ""));
    const [foundId, epoch, count, generation, head, hints, done, actions] = reply;
    this.noteEpoch(epoch);
    this.lastCount = Number(count);
    if (generation === "" || head === undefined) return undefined;
    const { episode_id, scenario_id, seed } = JSON.parse(head) as Pick<EpisodeRecord, "episode_id" | "scenario_id" | "seed">;
    if (episode_id !== foundId) throw new Error(`episode store: the record under '${foundId}' names '${episode_id}'`);
    const record: EpisodeRecord = {
      episode_id,
      scenario_id,
      seed,
      // Written by a replica after validating them: parsed, not validated again on every load.
      actions: (actions ?? []).map((text) => JSON.parse(text) as Action),
      hints_used: Number(hints),
      done: done === "1",
    };
    return { record, generation };
  }

  async commit(id: string, generation: string, steps: number, next: EpisodeRecord): Promise<CommitOutcome> {
    const added = next.actions.slice(steps).map((action) => JSON.stringify(action));
    // Unless the client never got the command out, the write may have landed: say so, rather than "not carried out".
    const recorded = this.redis.status === "ready" ? "unknown" : "no";
    return this.call(recorded, () =>
      this.redis.breakfixCommit(
        this.episodeKey(id),
        this.actionsKey(id),
        this.named("episodes"),
        this.named("finished"),
        id,
        generation,
        steps,
        next.hints_used,
        next.done ? 1 : 0,
        this.ttlMs,
        ...added,
      ),
    );
  }

  async remove(id: string): Promise<boolean> {
    const existed = await this.call("no", () => this.redis.breakfixRemove(this.episodeKey(id), this.actionsKey(id), this.named("episodes"), this.named("finished"), this.named("default"), id));
    return Number(existed) > 0;
  }

  get bytesHere(): number {
    return 0; // the records live in Redis
  }

  yieldBytes(): boolean {
    return false;
  }

  yieldPlace(): boolean {
    return false; // the store's places are Redis's, not this process's
  }

  async archive(archived: ArchivedEpisode): Promise<void> {
    await this.call("no", () => this.redis.set(`${this.prefix}archive:${archived.record.episode_id}`, JSON.stringify(archived), "PX", this.ttlMs));
  }

  async archived(id: string): Promise<ArchivedEpisode | undefined> {
    const text = await this.call("no", () => this.redis.get(`${this.prefix}archive:${id}`));
    return text === null ? undefined : (JSON.parse(text) as ArchivedEpisode);
  }

  sweep(): number {
    return 0; // Redis expires the keys itself; start() forgets their ids
  }

  lossNote(): string | undefined {
    if (this.lostAt === undefined) return undefined;
    return (
      `the episode store (${this.where}) lost its data at ${this.lostAt} (Redis restarted without persistence, or was flushed): ` +
      "every episode started before then is gone and cannot be continued"
    );
  }

  async ready(timeoutMs: number): Promise<boolean> {
    if (this.redis.status === "ready") return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.redis.off("ready", onReady);
        resolve(false);
      }, timeoutMs);
      timer.unref();
      const onReady = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      this.redis.once("ready", onReady);
    });
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  /** Runs one command; a connection failure (or Redis's "not now") becomes a 503, a script's fault stays a 500. */
  private async call<T>(recorded: "no" | "unknown", command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isReply = error instanceof Error && error.name === "ReplyError";
      if (isReply && !TRANSIENT_REPLY.test(message)) throw error;
      throw new StoreUnavailableError(this.where, message.split("\n")[0]!.slice(0, 200), recorded);
    }
  }

  private episodeKey(id: string): string {
    return `${this.prefix}ep:${id}`;
  }

  private actionsKey(id: string): string {
    return `${this.prefix}act:${id}`;
  }

  private named(name: "default" | "epoch" | "episodes" | "finished"): string {
    return `${this.prefix}${name}`;
  }

  /** The keys every start and load script takes first: default, epoch, episodes, finished. */
  private shared(): string[] {
    return [this.named("default"), this.named("epoch"), this.named("episodes"), this.named("finished")];
  }

  /** The epoch this replica would mark, should the store be empty: when, and a nonce. */
  private candidate(): string {
    return `${new Date().toISOString()} ${randomUUID()}`;
  }

  private noteEpoch(epoch: string): void {
    if (this.epoch !== undefined && this.epoch !== epoch) {
      this.lostAt = epoch.split(" ")[0];
      this.options.logger?.warn({ store: this.where, lost_at: this.lostAt }, "the episode store came back empty: episodes started before then are gone");
    }
    this.epoch = epoch;
  }
}
