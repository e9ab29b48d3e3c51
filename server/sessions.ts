/**
 * The sessions a server holds: HTTP episodes by episode_id, and private sessions by session id, under one
 * capacity (MAX_SESSIONS) and one idle expiry (SESSION_TTL_S).
 *
 * HTTP episodes. Every /reset without an episode_id starts a new episode under a fresh id, and that id stays
 * valid whatever other clients do, until the episode is closed (DELETE /episodes/{id}), sits idle past the
 * TTL, or, once finished, makes room for a new one. A /reset that names an episode_id starts that episode,
 * or restarts it when it exists. Each episode is its own record in the episode store (store/, http-episodes.ts),
 * so one episode's actions can never touch another's.
 *
 * The default episode. OpenEnv's HTTP API has no session: clients POST /reset, then /step, without ids. To
 * keep that (and the seed's curl walkthrough) working, the latest /reset made without an episode_id is also
 * the default episode, which /step and /state act on when they are given no id. The previous default stays
 * addressable by its id; it is only no longer the default.
 *
 * Capacity. A reset that needs a new place when every place is taken first evicts the least recently used
 * finished HTTP episode (its score is final, and its actions replay through /grader); with none finished it
 * is refused (503), never by dropping an episode still being played.
 *
 * Record bytes. Every episode's record is kept whole (its actions rebuild it), so what they cost together is
 * held to MAX_KEPT_RECORD_BYTES: the memory store's records (HTTP episodes, archived ones) and the private
 * sessions' episodes. Room is made by dropping archived records, then finished HTTP episodes, oldest first;
 * when the episodes in play alone fill it, a step or a start that needs more is refused (503).
 *
 * Private sessions. A WebSocket connection, and an MCP client that opens a session, each hold a Session
 * (session.ts) that no HTTP request can reach by episode id. They count against the same MAX_SESSIONS and
 * expire after the same SESSION_TTL_S as HTTP episodes: capacity is the server's memory, whichever transport
 * spends it. An MCP session in which no episode was ever started expires sooner (UNSTARTED_SESSION_TTL_S
 * idle), and is the first to give its place up when a reset or a new session finds every place taken: a
 * client that only opens sessions (bare `openenv/session/create` calls) can never lock episodes out.
 *
 * A fleet (EPISODE_STORE=redis://…). HTTP episodes, the default episode and their capacity are then the
 * fleet's, held in Redis: MAX_SESSIONS counts the fleet's HTTP episodes there, and each replica's private
 * sessions against its own MAX_SESSIONS. Private sessions stay on the replica that holds their connection
 * (sticky by connection); their finished episodes are archived in the store for replay.
 */
import { randomUUID } from "node:crypto";
import type { Action } from "../contracts/actions.js";
import { UNSTARTED_SESSION_TTL_S } from "../contracts/limits.js";
import type { EpisodeRecord } from "../environment/episode-record.js";
import type { Episode } from "../environment/episode.js";
import type { ResetRequest } from "../contracts/observation.js";
import { startingRecord } from "./episode-commands.js";
import { HttpError } from "./errors.js";
import { HttpEpisodes } from "./http-episodes.js";
import type { Logger } from "./log.js";
import type { EpisodeRuntime, StepOutcome } from "./played-episode.js";
import { Session, type SessionTransport } from "./session.js";
import { RECORD_BASE_BYTES } from "./record-bytes.js";
import { CapacityError, RecordBudgetError } from "./store/capacity.js";
import type { ArchivedEpisode, EpisodeStore } from "./store/episode-store.js";
import { openEpisodeStore } from "./store/open-store.js";

export { CapacityError } from "./store/capacity.js";

/** Why a place was freed without its owner asking: idle past the TTL, or a finished episode making room. */
export type EvictionReason = "expired" | "capacity";

export interface SessionStoreOptions {
  /** The pool that plays the episodes, and the catalogue they come from. */
  runtime: EpisodeRuntime;
  maxSessions: number;
  /** Bytes of episode records this process keeps at most (MAX_KEPT_RECORD_BYTES). */
  maxKeptRecordBytes: number;
  ttlSeconds: number;
  /** Milliseconds since the epoch; injectable so that tests can age episodes without waiting. */
  clock: () => number;
  /** Where HTTP episode records live: "memory" (the default) or a redis:// URL (EPISODE_STORE). */
  episodeStore?: string;
  logger?: Logger;
  /** How often the background sweep runs; 0 disables it (expiry then happens lazily on every access). */
  sweepIntervalMs?: number;
  /** Told of every place freed by expiry or eviction (metrics). */
  onEvict?: (reason: EvictionReason, kind: "http" | SessionTransport) => void;
}

/** An answer about an HTTP episode: which episode it was (the default resolved), and the JSON to send. */
export interface EpisodeAnswer {
  episodeId: string;
  json: string;
}

/** HTTP episodes by id and private sessions by session id, with one capacity and idle expiry. */
export class SessionStore {
  /** Where HTTP episode records live (memory, or Redis shared by a fleet). */
  readonly store: EpisodeStore;
  private readonly episodes: HttpEpisodes;
  private readonly privateSessions = new Map<string, Session>();
  /**
   * The private sessions that had not started an episode when last used, in order of last use (a session that
   * has started one since is dropped from here when met).
   */
  private readonly unstarted = new Map<string, Session>();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SessionStoreOptions) {
    this.store = openEpisodeStore(options.episodeStore, {
      maxSessions: options.maxSessions,
      ttlSeconds: options.ttlSeconds,
      clock: options.clock,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      onEvict: (reason, episodeId) => {
        if (episodeId !== null) this.episodes.forget(episodeId);
        options.onEvict?.(reason, "http");
      },
    });
    this.episodes = new HttpEpisodes(options.runtime, this.store, { maxLive: options.maxSessions, ttlSeconds: options.ttlSeconds, clock: options.clock });
    const interval = options.sweepIntervalMs ?? Math.min(options.ttlSeconds * 1000, 60_000);
    if (interval > 0) {
      this.timer = setInterval(() => this.sweep(), interval);
      // The sweep must never keep a process alive on its own (tests, a CLI that closed its server).
      this.timer.unref();
    }
  }

  /** Number of live HTTP episodes (the default included; for Redis, the fleet's as last seen) and private sessions. */
  get size(): number {
    this.sweep();
    return this.store.size + this.privateSessions.size;
  }

  /** The live HTTP episodes and private sessions, counted apart. */
  get counts(): { httpEpisodes: number; privateSessions: number } {
    this.sweep();
    return { httpEpisodes: this.store.size, privateSessions: this.privateSessions.size };
  }

  /** Live sessions by transport, for /metrics. */
  get byTransport(): Record<"http" | SessionTransport, number> {
    this.sweep();
    const counts = { http: this.store.size, ws: 0, mcp: 0 };
    for (const session of this.privateSessions.values()) counts[session.transport]++;
    return counts;
  }

  /** Bytes of the episode records this process keeps (record-bytes.ts), toward MAX_KEPT_RECORD_BYTES. */
  get keptRecordBytes(): number {
    let bytes = this.store.bytesHere;
    for (const session of this.privateSessions.values()) bytes += session.activeEpisode?.bytes ?? 0;
    return bytes;
  }

  /**
   * Makes room for `bytes` more of episode records: archived records, then finished HTTP episodes, give theirs
   * up, the oldest first.
   * @throws RecordBudgetError when what the episodes in play hold leaves no room.
   */
  admit(bytes: number): void {
    let kept = this.keptRecordBytes;
    while (kept + bytes > this.options.maxKeptRecordBytes && this.store.yieldBytes()) kept = this.keptRecordBytes;
    if (kept + bytes > this.options.maxKeptRecordBytes) throw new RecordBudgetError(kept, bytes, this.options.maxKeptRecordBytes);
  }

  /** The configured MAX_SESSIONS and SESSION_TTL_S. */
  get limits(): { maxSessions: number; ttlSeconds: number } {
    return { maxSessions: this.options.maxSessions, ttlSeconds: this.options.ttlSeconds };
  }

  /**
   * Opens a private session (no episode yet).
   * @throws CapacityError when every place is taken.
   */
  open(transport: SessionTransport): Session {
    this.sweep();
    this.makeRoom();
    const id = randomUUID();
    const session: Session = new Session(id, transport, this.options.clock, this.options.runtime, () => {
      // In order of last use; a session the store dropped stays dropped.
      if (this.privateSessions.get(id) !== session) return;
      this.privateSessions.delete(id);
      this.privateSessions.set(id, session);
      this.unstarted.delete(id);
      if (!session.started && transport === "mcp") this.unstarted.set(id, session);
    });
    this.privateSessions.set(id, session);
    // Only an MCP session can sit unused at no cost to its client; a /ws session lasts as long as its socket,
    // and a socket over capacity is refused (CAPACITY_REACHED), as OpenEnv's server refuses it.
    if (transport === "mcp") this.unstarted.set(id, session);
    return session;
  }

  /** The live private session `id`, or undefined (unknown, closed or expired); finding it counts as use. */
  privateSession(id: string): Session | undefined {
    this.sweep();
    const session = this.privateSessions.get(id);
    session?.touch();
    return session;
  }

  /** Ends a private session (its owner is told through `onEnd`); returns whether it was live. */
  end(id: string): boolean {
    const session = this.privateSessions.get(id);
    if (session === undefined) return false;
    this.privateSessions.delete(id);
    this.unstarted.delete(id);
    session.end("closed");
    return true;
  }

  /**
   * Starts an episode (see the module comment for which one) and answers its first observation. The place
   * is taken at once, so concurrent resets cannot overfill the store; a start that fails gives it back.
   * @throws CapacityError when a new episode finds no room; ValidationError for unknown ids; StoreUnavailableError.
   */
  async reset(request: ResetRequest): Promise<EpisodeAnswer> {
    this.sweep();
    const named = request.episode_id;
    const id = named ?? randomUUID();
    // The record first: an unknown task or scenario must leave every stored episode as it was.
    const record = startingRecord(this.options.runtime.catalog, request, id, ["body"]);
    if (this.store.placesHere + this.privateSessions.size >= this.options.maxSessions) this.yieldUnstarted();
    this.admit(RECORD_BASE_BYTES);
    const json = await this.episodes.start(record, named === undefined, this.privateSessions.size);
    return { episodeId: id, json };
  }

  /**
   * Plays a validated action in the episode named `id`, or the default one.
   * @throws HttpError 404 (unknown or expired), 409 (done, or another replica's step got there first),
   *   StoreUnavailableError, or the pool's errors (the action then not recorded).
   */
  async step(id: string | undefined, action: Action): Promise<EpisodeAnswer & Omit<StepOutcome, "json">> {
    const key = await this.resolve(id);
    const outcome = await this.episodes.step(key, action, (missing) => this.notFound(missing));
    return { episodeId: key, ...outcome };
  }

  /**
   * The state of the episode named `id`, or the default one: its current observation and its history.
   * @throws HttpError 404 for an unknown or expired id, or when there is no default episode.
   */
  async state(id: string | undefined): Promise<EpisodeAnswer> {
    const key = await this.resolve(id);
    return { episodeId: key, json: await this.episodes.state(key, (missing) => this.notFound(missing)) };
  }

  /**
   * The record of episode `id` for replay: the stored HTTP episode's, else the archived record of a finished
   * episode of any transport.
   * @throws HttpError 404 when the store has neither.
   */
  async record(id: string): Promise<ArchivedEpisode> {
    try {
      return { transport: "http", record: await this.episodes.record(id, (missing) => this.notFound(missing)) };
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
      const archived = await this.store.archived(id);
      if (archived === undefined) throw error;
      return archived;
    }
  }

  /** Keeps a finished WebSocket or MCP episode's record in the store, for replay. */
  async archive(transport: SessionTransport, record: EpisodeRecord): Promise<void> {
    await this.store.archive({ transport, record });
    // An archived record is the first to go: keep the whole within the budget at once.
    while (this.keptRecordBytes > this.options.maxKeptRecordBytes && this.store.yieldBytes());
  }

  /**
   * The episode named `id` as this process last played it, rebuilt from its record in this thread (for
   * inspection: the live one is the pool's).
   * @throws HttpError 404 when this process holds no live copy of it.
   */
  episode(id: string): Episode {
    this.sweep();
    const episode = this.episodes.inspect(id);
    if (episode === undefined) throw this.notFound(id);
    return episode;
  }

  /** Ends an HTTP episode; returns whether it existed. */
  close(id: string): Promise<boolean> {
    return this.episodes.close(id);
  }

  /** Drops episodes and private sessions idle for longer than the TTL; returns how many. */
  sweep(): number {
    const cutoff = this.options.clock() - this.options.ttlSeconds * 1000;
    let dropped = this.store.sweep();
    this.episodes.sweep();
    // In order of last use: the walk stops at the first session still fresh.
    for (const [id, session] of this.privateSessions) {
      if (session.lastUsed > cutoff) break;
      this.drop(session, "expired");
      dropped++;
    }
    const unstartedCutoff = this.options.clock() - Math.min(this.options.ttlSeconds, UNSTARTED_SESSION_TTL_S) * 1000;
    for (const [id, session] of this.unstarted) {
      if (session.started) this.unstarted.delete(id);
      else if (session.lastUsed > unstartedCutoff) break;
      else {
        this.drop(session, "unstarted_expired");
        dropped++;
      }
    }
    return dropped;
  }

  /** Resolves once the episode store is reachable (false after `timeoutMs`). */
  ready(timeoutMs: number): Promise<boolean> {
    return this.store.ready(timeoutMs);
  }

  /** The episode a request names, or the default one. @throws HttpError 404 when there is no default episode. */
  private async resolve(id: string | undefined): Promise<string> {
    this.sweep();
    if (id !== undefined) return id;
    const found = await this.episodes.defaultId();
    if (found === null) {
      throw new HttpError(
        404,
        `no default episode (none started without an episode_id, or it was closed or expired after ${this.options.ttlSeconds} s idle); ` +
          "POST /reset to start one",
      );
    }
    return found;
  }

  private notFound(id: string): HttpError {
    const loss = this.store.lossNote();
    return new HttpError(
      404,
      `episode '${id}' not found (unknown, closed, expired after ${this.options.ttlSeconds} s idle, or finished and evicted to make ` +
        `room at MAX_SESSIONS${loss === undefined ? "" : `; ${loss}`}); POST /reset to start one`,
    );
  }

  /**
   * Ensures a place for a private session: when every place of this process is taken, the least recently
   * used session that never started an episode gives up its place, else the least recently used finished HTTP
   * episode held here.
   * @throws CapacityError when every place is held by an episode in play or a private session playing one.
   */
  private makeRoom(): void {
    const active = (): number => this.store.placesHere + this.privateSessions.size;
    if (active() < this.options.maxSessions) return;
    if (!this.yieldUnstarted()) this.store.yieldPlace();
    if (active() >= this.options.maxSessions) throw new CapacityError(active(), this.options.maxSessions, this.options.ttlSeconds);
  }

  /** Ends the least recently used private session that never started an episode; whether there was one. */
  private yieldUnstarted(): boolean {
    for (const [id, session] of this.unstarted) {
      this.unstarted.delete(id);
      if (session.started) continue;
      this.drop(session, "made_room");
      return true;
    }
    return false;
  }

  /** Drops a private session the store ends by itself, telling its holders why. */
  private drop(session: Session, reason: "expired" | "unstarted_expired" | "made_room"): void {
    this.privateSessions.delete(session.id);
    this.unstarted.delete(session.id);
    session.end(reason);
    this.options.onEvict?.(reason === "made_room" ? "capacity" : "expired", session.transport);
  }

  /** Stops the background sweep and disconnects from the episode store. */
  dispose(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    return this.store.close();
  }
}
