/**
 * The sessions a server holds: HTTP episodes by episode_id, and private sessions by session id, under one
 * capacity (MAX_SESSIONS) and one idle expiry (SESSION_TTL_S).
 *
 * HTTP episodes. Every /reset without an episode_id starts a new episode under a fresh id, and that id stays
 * valid whatever other clients do, until the episode is closed (DELETE /episodes/{id}), sits idle past the
 * TTL, or, once finished, makes room for a new one. A /reset that names an episode_id starts that episode,
 * or restarts it when it exists. Each episode is its own record (http-episodes.ts), so one episode's actions
 * can never touch another's.
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
 * Private sessions. A WebSocket connection, and an MCP client that opens a session, each hold a Session
 * (session.ts) that no HTTP request can reach by episode id. They count against the same MAX_SESSIONS and
 * expire after the same SESSION_TTL_S as HTTP episodes: capacity is the server's memory, whichever transport
 * spends it.
 */
import { randomUUID } from "node:crypto";
import type { Action } from "../contracts/actions.js";
import type { Episode } from "../environment/episode.js";
import { replayEpisode } from "../environment/episode-record.js";
import type { ResetRequest } from "../contracts/observation.js";
import { JUDGE } from "../graders/judge.js";
import { startingRecord, STATE_WHERE } from "./episode-commands.js";
import { HttpError } from "./errors.js";
import { HttpEpisodes, type StoredEpisode } from "./http-episodes.js";
import type { EpisodeRuntime, StepOutcome } from "./played-episode.js";
import { Session, type SessionTransport } from "./session.js";

/** Why a place was freed without its owner asking: idle past the TTL, or a finished episode making room. */
export type EvictionReason = "expired" | "capacity";

export interface SessionStoreOptions {
  /** The pool that plays the episodes, and the catalogue they come from. */
  runtime: EpisodeRuntime;
  maxSessions: number;
  ttlSeconds: number;
  /** Milliseconds since the epoch; injectable so that tests can age episodes without waiting. */
  clock: () => number;
  /** How often the background sweep runs; 0 disables it (expiry then happens lazily on every access). */
  sweepIntervalMs?: number;
  /** Told of every place freed by expiry or eviction (metrics). */
  onEvict?: (reason: EvictionReason, kind: "http" | SessionTransport) => void;
}

/** A refusal for lack of room: HTTP 503, WebSocket CAPACITY_REACHED, JSON-RPC -32000. */
export class CapacityError extends HttpError {
  constructor(
    readonly activeSessions: number,
    readonly maxSessions: number,
    ttlSeconds: number,
  ) {
    super(
      503,
      `server at capacity: ${activeSessions}/${maxSessions} sessions active (MAX_SESSIONS); ` +
        `sessions idle for ${ttlSeconds} s expire; close episodes you no longer need (DELETE /episodes/{id}), ` +
        "or reset an episode_id you already hold",
    );
    this.name = "CapacityError";
  }
}

/** An answer about an HTTP episode: which episode it was (the default resolved), and the JSON to send. */
export interface EpisodeAnswer {
  episodeId: string;
  json: string;
}

/** HTTP episodes by id and private sessions by session id, with one capacity and idle expiry. */
export class SessionStore {
  private readonly episodes: HttpEpisodes;
  private readonly privateSessions = new Map<string, Session>();
  private defaultId: string | null = null;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SessionStoreOptions) {
    this.episodes = new HttpEpisodes(options.runtime);
    const interval = options.sweepIntervalMs ?? Math.min(options.ttlSeconds * 1000, 60_000);
    if (interval > 0) {
      this.timer = setInterval(() => this.sweep(), interval);
      // The sweep must never keep a process alive on its own (tests, a CLI that closed its server).
      this.timer.unref();
    }
  }

  /** Number of live HTTP episodes (the default included) and private sessions. */
  get size(): number {
    this.sweep();
    return this.episodes.size + this.privateSessions.size;
  }

  /** The live HTTP episodes and private sessions, counted apart. */
  get counts(): { httpEpisodes: number; privateSessions: number } {
    this.sweep();
    return { httpEpisodes: this.episodes.size, privateSessions: this.privateSessions.size };
  }

  /** Live sessions by transport, for /metrics. */
  get byTransport(): Record<"http" | SessionTransport, number> {
    this.sweep();
    const counts = { http: this.episodes.size, ws: 0, mcp: 0 };
    for (const session of this.privateSessions.values()) counts[session.transport]++;
    return counts;
  }

  /** The configured MAX_SESSIONS and SESSION_TTL_S. */
  get limits(): { maxSessions: number; ttlSeconds: number } {
    return { maxSessions: this.options.maxSessions, ttlSeconds: this.options.ttlSeconds };
  }

  /** The id /step and /state use without one: the latest reset made without an episode_id, if it is still held. */
  get defaultEpisodeId(): string | null {
    this.sweep();
    return this.defaultId;
  }

  /**
   * Opens a private session (no episode yet).
   * @throws CapacityError when every place is taken.
   */
  open(transport: SessionTransport): Session {
    this.sweep();
    this.makeRoom();
    const session = new Session(randomUUID(), transport, this.options.clock, this.options.runtime);
    this.privateSessions.set(session.id, session);
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
    session.end("closed");
    return true;
  }

  /**
   * Starts an episode (see the module comment for which one) and answers its first observation. The place
   * is taken at once, so concurrent resets cannot overfill the store; a start that fails gives it back.
   * @throws CapacityError when a new episode finds no room; ValidationError for unknown ids.
   */
  async reset(request: ResetRequest): Promise<EpisodeAnswer> {
    this.sweep();
    const named = request.episode_id;
    const id = named ?? randomUUID();
    // The record first: an unknown task or scenario must leave every stored episode as it was.
    const record = startingRecord(this.options.runtime.catalog, request, id, ["body"]);
    // Restarting an episode that exists does not add one.
    if (named === undefined || !this.episodes.has(named)) this.makeRoom();
    const episode = this.episodes.add(record, this.options.clock());
    if (named === undefined) this.defaultId = id;
    try {
      return { episodeId: id, json: await episode.started };
    } catch (error) {
      if (this.episodes.peek(id)?.episode === episode) this.close(id);
      throw error;
    }
  }

  /**
   * Plays a validated action in the episode named `id`, or the default one.
   * @throws HttpError 404 (unknown or expired), 409 (done), or the pool's errors (the action then not recorded).
   */
  async step(id: string | undefined, action: Action): Promise<EpisodeAnswer & Omit<StepOutcome, "json">> {
    const [key, stored] = this.lookup(id);
    const outcome = await stored.episode.step(action, STATE_WHERE.http(key));
    return { episodeId: key, ...outcome };
  }

  /**
   * The state of the episode named `id`, or the default one: its current observation and its history.
   * @throws HttpError 404 for an unknown or expired id, or when there is no default episode.
   */
  async state(id: string | undefined): Promise<EpisodeAnswer> {
    const [key, stored] = this.lookup(id);
    return { episodeId: key, json: await stored.episode.state() };
  }

  /**
   * The episode named `id`, or the default one, rebuilt from its record in this thread (for inspection: the
   * live one is the pool's); counts as use.
   * @throws HttpError 404 as state() does.
   */
  episode(id: string | undefined): Episode {
    const [, stored] = this.lookup(id);
    return replayEpisode(this.options.runtime.catalog, stored.episode.record, JUDGE);
  }

  /** Ends an HTTP episode; returns whether it existed. */
  close(id: string): boolean {
    if (this.defaultId === id) this.defaultId = null;
    return this.episodes.delete(id);
  }

  /** Drops episodes and private sessions idle for longer than the TTL; returns how many. */
  sweep(): number {
    const cutoff = this.options.clock() - this.options.ttlSeconds * 1000;
    let dropped = 0;
    for (const [id, stored] of [...this.episodes.entries()]) {
      if (stored.lastAccess <= cutoff) {
        this.close(id);
        this.options.onEvict?.("expired", "http");
        dropped++;
      }
    }
    for (const [id, session] of this.privateSessions) {
      if (session.lastUsed <= cutoff) {
        this.privateSessions.delete(id);
        session.end("expired");
        this.options.onEvict?.("expired", session.transport);
        dropped++;
      }
    }
    return dropped;
  }

  /** The stored episode a request names (or the default), marked as used. */
  private lookup(id: string | undefined): [string, StoredEpisode] {
    this.sweep();
    const key = id ?? this.defaultId;
    const stored = key === null ? undefined : this.episodes.peek(key);
    if (key === null || stored === undefined) {
      const ttl = this.options.ttlSeconds;
      throw new HttpError(
        404,
        id === undefined
          ? `no default episode (none started without an episode_id, or it was closed or expired after ${ttl} s idle); ` +
              "POST /reset to start one"
          : `episode '${id}' not found (unknown, closed, expired after ${ttl} s idle, or finished and evicted to make ` +
              "room at MAX_SESSIONS); POST /reset to start one",
      );
    }
    stored.lastAccess = this.options.clock();
    return [key, stored];
  }

  /**
   * Ensures a place for one more session: when every place is taken, the least recently used finished HTTP
   * episode gives up its place.
   * @throws CapacityError when every place is held by an episode in play or a private session.
   */
  private makeRoom(): void {
    const active = (): number => this.episodes.size + this.privateSessions.size;
    if (active() < this.options.maxSessions) return;
    let oldest: [string, StoredEpisode] | undefined;
    for (const entry of this.episodes.entries()) {
      if (entry[1].episode.done && (oldest === undefined || entry[1].lastAccess < oldest[1].lastAccess)) oldest = entry;
    }
    if (oldest !== undefined) {
      this.close(oldest[0]);
      this.options.onEvict?.("capacity", "http");
    }
    if (active() >= this.options.maxSessions) throw new CapacityError(active(), this.options.maxSessions, this.options.ttlSeconds);
  }

  /** Stops the background sweep (the store stays usable; expiry is then lazy only). */
  dispose(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
  }
}
