/**
 * The HTTP episodes a server holds, by episode id: each a PlayedEpisode (its record, the truth and all a
 * shared store would need to hold, and its place in the episode pool) with the time it was last used. The
 * live episode sits in the pool; a finished one keeps only its final state, so finished episodes waiting for
 * expiry hold no simulation state anywhere.
 *
 * Capacity, expiry and the default episode are the SessionStore's business (sessions.ts); this module only
 * keeps the episodes by id and frees their places in the pool when they go.
 */
import type { EpisodeRecord } from "../environment/episode-record.js";
import { PlayedEpisode, type EpisodeRuntime } from "./played-episode.js";

/** One HTTP episode as stored: the episode and when a request last used it (ms since the epoch). */
export interface StoredEpisode {
  episode: PlayedEpisode;
  lastAccess: number;
}

/** HTTP episodes by episode id. */
export class HttpEpisodes {
  private readonly stored = new Map<string, StoredEpisode>();

  constructor(private readonly runtime: EpisodeRuntime) {}

  get size(): number {
    return this.stored.size;
  }

  has(id: string): boolean {
    return this.stored.has(id);
  }

  /** The stored episode `id`, without counting as use. */
  peek(id: string): StoredEpisode | undefined {
    return this.stored.get(id);
  }

  /** Every stored episode, for expiry and eviction. */
  entries(): IterableIterator<[string, StoredEpisode]> {
    return this.stored.entries();
  }

  /** Starts the episode `record` describes under its id, replacing (and releasing) any stored there: a restart. */
  add(record: EpisodeRecord, now: number): PlayedEpisode {
    this.stored.get(record.episode_id)?.episode.release();
    const episode = new PlayedEpisode(this.runtime, "http", record);
    this.stored.set(record.episode_id, { episode, lastAccess: now });
    return episode;
  }

  /** Forgets episode `id` and frees its place in the pool; returns whether it was stored. */
  delete(id: string): boolean {
    const found = this.stored.get(id);
    if (found === undefined) return false;
    this.stored.delete(id);
    found.episode.release();
    return true;
  }
}
