/**
 * The HTTP episodes a server holds, kept as records (episode-record.ts: scenario, seed, actions, hints,
 * done) with the time each was last used. The record is the truth, and all a shared store would need to
 * hold; beside it this process keeps caches of what the record replays to: the live Episode while an
 * episode is played, and once it is finished only its final state (plain data, all a finished episode is
 * read for), so finished episodes waiting for expiry hold no simulation state. An episode missing from both
 * caches is rebuilt from its record.
 *
 * Capacity, expiry and the default episode are the SessionStore's business (sessions.ts); this module only
 * keeps records and the episodes they describe in step.
 */
import { JUDGE } from "../graders/judge.js";
import type { Episode } from "../environment/episode.js";
import { replayEpisode, type EpisodeRecord } from "../environment/episode-record.js";
import type { EpisodeState, StepResult } from "../contracts/observation.js";
import type { Catalog } from "../tasks/catalog.js";
import { episodeDone, STATE_WHERE, stepEpisode } from "./episode-commands.js";

/** One HTTP episode as stored: its replayable record and when a request last used it (ms since the epoch). */
export interface StoredEpisode {
  record: EpisodeRecord;
  lastAccess: number;
}

/** HTTP episode records by episode id, and the live episodes being played. */
export class HttpEpisodes {
  private readonly records = new Map<string, StoredEpisode>();
  private readonly live = new Map<string, Episode>();
  private readonly finalStates = new Map<string, EpisodeState>();

  constructor(private readonly catalog: Catalog) {}

  get size(): number {
    return this.records.size;
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  /** The stored episode `id`, without counting as use. */
  peek(id: string): StoredEpisode | undefined {
    return this.records.get(id);
  }

  /** Every stored episode, for expiry and eviction. */
  entries(): IterableIterator<[string, StoredEpisode]> {
    return this.records.entries();
  }

  /** Stores a freshly started episode, replacing any stored under its id (a restart). */
  add(episode: Episode, now: number): void {
    this.records.set(episode.episodeId, { record: episode.record(), lastAccess: now });
    this.finalStates.delete(episode.episodeId);
    this.live.set(episode.episodeId, episode);
  }

  /**
   * Applies a raw action to stored episode `id` and records it.
   * @throws ValidationError for a malformed action; HttpError 409 when the episode is done.
   */
  step(id: string, stored: StoredEpisode, raw: unknown): StepResult {
    // A finished episode refuses without being rebuilt: its record says it is done.
    if (stored.record.done) throw episodeDone(id, STATE_WHERE.http(id));
    const episode = this.episode(id, stored);
    const result = stepEpisode(episode, raw, STATE_WHERE.http(id));
    stored.record = episode.record();
    if (result.done) {
      this.finalStates.set(id, episode.state());
      this.live.delete(id);
    }
    return result;
  }

  /** The state of stored episode `id`: its final state once done, else the live episode's (rebuilt if need be). */
  state(id: string, stored: StoredEpisode): EpisodeState {
    const final = this.finalStates.get(id);
    if (final !== undefined) return final;
    const state = this.episode(id, stored).state();
    if (stored.record.done) this.finalStates.set(id, state);
    return state;
  }

  /** The episode `stored` describes: the live one while it is played, else its replay (not kept once done). */
  episode(id: string, stored: StoredEpisode): Episode {
    const found = this.live.get(id);
    if (found !== undefined) return found;
    const rebuilt = replayEpisode(this.catalog, stored.record, JUDGE);
    if (!stored.record.done) this.live.set(id, rebuilt);
    return rebuilt;
  }

  /** Forgets episode `id`; returns whether it was stored. */
  delete(id: string): boolean {
    this.live.delete(id);
    this.finalStates.delete(id);
    return this.records.delete(id);
  }
}
