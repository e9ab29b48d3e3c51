/**
 * The episode store of one process (the default): records in a Map with the time each was last used.
 * Everything happens synchronously inside each call, before its promise settles, so concurrent resets in
 * one process take their places in call order and can never overfill MAX_SESSIONS. The places count
 * against the same MAX_SESSIONS as the process's private sessions (WebSocket, MCP): capacity is the
 * process's memory, whichever transport spends it. What the records held and archived cost (record-bytes.ts)
 * is kept up to date with every change, so that the server can hold them to MAX_KEPT_RECORD_BYTES.
 */
import type { EpisodeRecord } from "../../environment/episode-record.js";
import { recordBytes } from "../record-bytes.js";
import { CapacityError } from "./capacity.js";
import type { ArchivedEpisode, CommitOutcome, EpisodeStore, EvictionListener, StoredEpisode } from "./episode-store.js";

export interface MemoryStoreOptions {
  maxSessions: number;
  ttlSeconds: number;
  /** Milliseconds since the epoch; injectable so that tests can age episodes without waiting. */
  clock: () => number;
  onEvict?: EvictionListener;
}

interface Held {
  episode: StoredEpisode;
  lastAccess: number;
  bytes: number;
}

export class MemoryEpisodeStore implements EpisodeStore {
  readonly kind = "memory";
  private readonly held = new Map<string, Held>();
  private readonly finished = new Map<string, { archived: ArchivedEpisode; at: number; bytes: number }>();
  private defaultId: string | null = null;
  private bytes = 0;

  constructor(private readonly options: MemoryStoreOptions) {}

  get size(): number {
    return this.held.size;
  }

  get placesHere(): number {
    return this.held.size;
  }

  get bytesHere(): number {
    return this.bytes;
  }

  async start(episode: StoredEpisode, { asDefault, placesHeldElsewhere }: { asDefault: boolean; placesHeldElsewhere: number }): Promise<void> {
    this.sweep();
    const id = episode.record.episode_id;
    // Restarting an episode that exists takes no new place.
    if (!this.held.has(id)) this.makeRoom(placesHeldElsewhere);
    this.bytes -= this.held.get(id)?.bytes ?? 0;
    this.held.delete(id); // re-inserted last, and still the default if it was
    const bytes = recordBytes(episode.record);
    this.held.set(id, { episode, lastAccess: this.options.clock(), bytes });
    this.bytes += bytes;
    if (asDefault) this.defaultId = id;
  }

  async load(id: string | null): Promise<StoredEpisode | undefined> {
    this.sweep();
    const key = id ?? this.defaultId;
    const found = key === null ? undefined : this.held.get(key);
    if (found === undefined) return undefined;
    this.used(key!, found);
    return found.episode;
  }

  async commit(id: string, generation: string, steps: number, next: EpisodeRecord): Promise<CommitOutcome> {
    const found = this.held.get(id);
    if (found === undefined) return "missing";
    if (found.episode.generation !== generation || found.episode.record.actions.length !== steps) return "conflict";
    found.episode = { generation, record: next };
    const bytes = recordBytes(next);
    this.bytes += bytes - found.bytes;
    found.bytes = bytes;
    this.used(id, found);
    return "committed";
  }

  async remove(id: string): Promise<boolean> {
    return this.drop(id);
  }

  yieldPlace(): boolean {
    // The Map is in order of last use: the first finished episode met is the least recently used one.
    for (const [id, held] of this.held) {
      if (!held.episode.record.done) continue;
      this.drop(id);
      this.options.onEvict?.("capacity", id);
      return true;
    }
    return false;
  }

  yieldBytes(): boolean {
    const oldest = this.finished.keys().next();
    if (!oldest.done) return this.unarchive(oldest.value);
    return this.yieldPlace();
  }

  async archive(archived: ArchivedEpisode): Promise<void> {
    const id = archived.record.episode_id;
    this.unarchive(id); // re-inserted last: the Map's order is the order of archiving
    const bytes = recordBytes(archived.record);
    this.finished.set(id, { archived, at: this.options.clock(), bytes });
    this.bytes += bytes;
    // Bounded like the episodes: the oldest archived records go first.
    for (const oldest of this.finished.keys()) {
      if (this.finished.size <= this.options.maxSessions) break;
      this.unarchive(oldest);
    }
  }

  async archived(id: string): Promise<ArchivedEpisode | undefined> {
    this.sweep();
    return this.finished.get(id)?.archived;
  }

  /**
   * Drops what sat idle past the TTL. Both Maps are kept in order of last use (held) and of archiving
   * (finished), so the walk stops at the first entry still fresh: every request sweeps, and a sweep costs what
   * it drops, not the number of episodes held.
   */
  sweep(): number {
    const cutoff = this.options.clock() - this.options.ttlSeconds * 1000;
    let dropped = 0;
    for (const [id, held] of this.held) {
      if (held.lastAccess > cutoff) break;
      this.drop(id);
      this.options.onEvict?.("expired", id);
      dropped++;
    }
    for (const [id, kept] of this.finished) {
      if (kept.at > cutoff) break;
      this.unarchive(id);
    }
    return dropped;
  }

  lossNote(): string | undefined {
    return undefined; // a process's memory is lost only with the process, and its clients with it
  }

  async ready(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.held.clear();
    this.finished.clear();
    this.bytes = 0;
  }

  /** Marks a use: the entry moves to the end, so the Map stays in order of last use. */
  private used(id: string, held: Held): void {
    held.lastAccess = this.options.clock();
    this.held.delete(id);
    this.held.set(id, held);
  }

  private drop(id: string): boolean {
    if (this.defaultId === id) this.defaultId = null;
    const found = this.held.get(id);
    if (found === undefined) return false;
    this.bytes -= found.bytes;
    return this.held.delete(id);
  }

  private unarchive(id: string): boolean {
    const kept = this.finished.get(id);
    if (kept === undefined) return false;
    this.bytes -= kept.bytes;
    return this.finished.delete(id);
  }

  /**
   * Ensures a place for one more episode: when every place is taken, the least recently used finished
   * episode gives up its place.
   * @throws CapacityError when every place is held by an episode in play or a private session.
   */
  private makeRoom(placesHeldElsewhere: number): void {
    const active = (): number => this.held.size + placesHeldElsewhere;
    if (active() < this.options.maxSessions) return;
    this.yieldPlace();
    if (active() >= this.options.maxSessions) throw new CapacityError(active(), this.options.maxSessions, this.options.ttlSeconds);
  }
}
