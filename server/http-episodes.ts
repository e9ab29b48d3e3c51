/**
 * The HTTP episodes a server plays: their records live in the episode store (store/episode-store.ts: this
 * process's memory, or Redis shared by a fleet), and this process keeps live episodes (PlayedEpisode, whose
 * live state sits in the episode pool) only as a cache of those records. Every operation reads the stored
 * record first; a cached episode of another generation or step count (another replica stepped it, or reset
 * it) is dropped and the episode taken up again from the record, which the pool rebuilds by replay.
 *
 * Order. The operations on one episode id run one at a time in this process, so concurrent requests to
 * one replica are played in turn, each seeing the ones before, as they always were. Across replicas the
 * store decides: a step is committed only onto the generation and step count it was played on, and a
 * step that lost that race is answered 409 with nothing recorded.
 *
 * Capacity, expiry and the default episode are the store's business; the cache holds at most MAX_SESSIONS
 * live episodes and drops those idle past SESSION_TTL_S (finished ones hold no simulation state anyway).
 */
import { randomUUID } from "node:crypto";
import type { Action } from "../contracts/actions.js";
import type { Episode } from "../environment/episode.js";
import { replayEpisode, type EpisodeRecord } from "../environment/episode-record.js";
import { JUDGE } from "../graders/judge.js";
import { STATE_WHERE } from "./episode-commands.js";
import { HttpError } from "./errors.js";
import { PlayedEpisode, type EpisodeRuntime, type StepOutcome } from "./played-episode.js";
import { lostRace, type CommitOutcome, type EpisodeStore, type StoredEpisode } from "./store/episode-store.js";

/** An episode this process holds live, and which start of it that is. */
interface LiveEpisode {
  episode: PlayedEpisode;
  generation: string;
  lastAccess: number;
}

export interface HttpEpisodeLimits {
  /** Live episodes kept at most (MAX_SESSIONS). */
  maxLive: number;
  ttlSeconds: number;
  clock: () => number;
}

/** HTTP episodes: stored records, and the live episodes this process keeps of them. */
export class HttpEpisodes {
  /** In order of last use, the least recent first. */
  private readonly live = new Map<string, LiveEpisode>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly runtime: EpisodeRuntime,
    private readonly store: EpisodeStore,
    private readonly limits: HttpEpisodeLimits,
  ) {}

  /** Live episodes held in this process. */
  get liveCount(): number {
    return this.live.size;
  }

  /**
   * Stores the episode `record` describes under its id (replacing any stored there: a restart) and starts
   * it; answers its first observation. A start that fails gives its place back.
   * @throws CapacityError, StoreUnavailableError, or the pool's errors.
   */
  start(record: EpisodeRecord, asDefault: boolean, placesHeldElsewhere: number): Promise<string> {
    const id = record.episode_id;
    return this.serially(id, async () => {
      const generation = randomUUID();
      await this.store.start({ record, generation }, { asDefault, placesHeldElsewhere });
      const episode = new PlayedEpisode(this.runtime, "http", record);
      this.keep(id, { episode, generation, lastAccess: this.limits.clock() });
      try {
        return await episode.started;
      } catch (error) {
        if (this.live.get(id)?.episode === episode) {
          this.forget(id);
          await this.store.remove(id).catch(() => undefined);
        }
        throw error;
      }
    });
  }

  /** The id /step and /state use without one: the default episode's, if it is still stored. */
  async defaultId(): Promise<string | null> {
    return (await this.store.load(null))?.record.episode_id ?? null;
  }

  /**
   * Plays a validated action in episode `id` and records it.
   * @throws HttpError 404 (unknown, expired), 409 (done, or a lost race), StoreUnavailableError, the pool's errors.
   */
  step(id: string, action: Action, notFound: (id: string) => HttpError): Promise<StepOutcome> {
    return this.serially(id, async () => {
      const stored = await this.load(id, notFound);
      const live = this.current(id, stored);
      const steps = stored.record.actions.length;
      const outcome = await live.episode.step(action, STATE_WHERE.http(id));
      let committed: CommitOutcome | undefined;
      try {
        committed = await this.store.commit(id, stored.generation, steps, live.episode.record);
      } finally {
        // Unless the store took the step, the live episode is ahead of the record: take it up again next time.
        if (committed !== "committed") this.forget(id);
      }
      if (committed === "conflict") throw lostRace(id, STATE_WHERE.http(id));
      if (committed === "missing") throw notFound(id);
      return outcome;
    });
  }

  /** The state of episode `id` as JSON. @throws HttpError 404, StoreUnavailableError */
  state(id: string, notFound: (id: string) => HttpError): Promise<string> {
    return this.serially(id, async () => this.current(id, await this.load(id, notFound)).episode.state());
  }

  /** The stored record of episode `id`. @throws HttpError 404, StoreUnavailableError */
  record(id: string, notFound: (id: string) => HttpError): Promise<EpisodeRecord> {
    return this.serially(id, async () => (await this.load(id, notFound)).record);
  }

  /** Ends an HTTP episode; whether it was stored. @throws StoreUnavailableError */
  close(id: string): Promise<boolean> {
    return this.serially(id, async () => {
      this.forget(id);
      return this.store.remove(id);
    });
  }

  /**
   * The episode `id` as this process last played it, rebuilt in this thread (for inspection: the live one
   * is the pool's); undefined when this process holds no live copy.
   */
  inspect(id: string): Episode | undefined {
    const live = this.live.get(id);
    return live === undefined ? undefined : replayEpisode(this.runtime.catalog, live.episode.record, JUDGE);
  }

  /** Drops the live copy of episode `id` (the store dropped the episode, or it is stale) and frees its place in the pool. */
  forget(id: string): void {
    const live = this.live.get(id);
    if (live === undefined) return;
    this.live.delete(id);
    live.episode.release();
  }

  /** Drops live copies idle past the TTL; the store expires the episodes themselves. */
  sweep(): void {
    const cutoff = this.limits.clock() - this.limits.ttlSeconds * 1000;
    for (const [id, live] of this.live) {
      if (live.lastAccess > cutoff) break; // in order of last use: the rest are newer
      this.forget(id);
    }
  }

  private async load(id: string, notFound: (id: string) => HttpError): Promise<StoredEpisode> {
    const stored = await this.store.load(id);
    if (stored === undefined) {
      // Never carry on from a live copy the store no longer has: closed, expired, or lost with the store's data.
      this.forget(id);
      throw notFound(id);
    }
    return stored;
  }

  /** The live episode for the stored one: the cached copy when it is that generation at that step, else taken up anew. */
  private current(id: string, stored: StoredEpisode): LiveEpisode {
    const cached = this.live.get(id);
    const now = this.limits.clock();
    if (cached !== undefined && cached.generation === stored.generation && cached.episode.record.actions.length === stored.record.actions.length) {
      cached.lastAccess = now;
      this.live.delete(id);
      this.live.set(id, cached);
      return cached;
    }
    this.forget(id);
    const resumed = { episode: PlayedEpisode.resume(this.runtime, "http", stored.record), generation: stored.generation, lastAccess: now };
    this.keep(id, resumed);
    return resumed;
  }

  private keep(id: string, live: LiveEpisode): void {
    this.forget(id);
    this.live.set(id, live);
    for (const oldest of this.live.keys()) {
      if (this.live.size <= this.limits.maxLive) break;
      this.forget(oldest); // still stored: rebuilt by replay when next used
    }
  }

  /** Runs `operation` after every operation already queued on episode `id` in this process. */
  private serially<T>(id: string, operation: () => Promise<T>): Promise<T> {
    const before = this.queues.get(id) ?? Promise.resolve();
    const run = before.then(operation, operation);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return run;
  }
}
