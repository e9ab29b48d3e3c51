/**
 * The HTTP episodes a server holds: each named by its episode_id, each its own Episode (so one episode's
 * actions can never touch another's), bounded in number (MAX_SESSIONS) and dropped after SESSION_TTL_S
 * without use.
 *
 * Private sessions. A WebSocket connection, and an MCP client that opens a session, each hold a Session
 * (session.ts) that no HTTP request can reach by episode id. They live in their own map, by session id, but
 * count against the same MAX_SESSIONS and expire after the same SESSION_TTL_S as HTTP episodes: capacity is
 * the server's memory, whichever transport spends it.
 *
 * The default episode. OpenEnv's HTTP API has no session: clients POST /reset, then /step, without ids. To
 * keep that (and the seed's curl walkthrough) working, a /reset without an episode_id starts a fresh
 * episode under a new id and makes it the default, replacing (closing) the previous default; /step and
 * /state without an episode_id act on the default. A /reset that names an episode_id starts (or restarts)
 * that episode and leaves the default alone. The default counts towards MAX_SESSIONS like any other.
 */
import { randomUUID } from "node:crypto";
import type { Episode } from "../environment/episode.js";
import type { ResetRequest, StepResult } from "../contracts/observation.js";
import type { Catalog } from "../tasks/catalog.js";
import { startEpisode } from "./episode-commands.js";
import { HttpError } from "./errors.js";
import { Session, type SessionTransport } from "./session.js";

export interface SessionStoreOptions {
  catalog: Catalog;
  maxSessions: number;
  ttlSeconds: number;
  /** Milliseconds since the epoch; injectable so that tests can age episodes without waiting. */
  clock: () => number;
  /** How often the background sweep runs; 0 disables it (expiry then happens lazily on every access). */
  sweepIntervalMs?: number;
}

interface HttpEpisode {
  episode: Episode;
  lastUsed: number;
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
        `sessions idle for ${ttlSeconds} s expire, or reset an episode_id you already hold`,
    );
    this.name = "CapacityError";
  }
}

/** Live HTTP episodes by id and private sessions by session id, with one capacity and idle expiry. */
export class SessionStore {
  /** HTTP episodes by episode id (named `sessions` since before private sessions; tests look inside it). */
  private readonly sessions = new Map<string, HttpEpisode>();
  private readonly privateSessions = new Map<string, Session>();
  private defaultId: string | null = null;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SessionStoreOptions) {
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
    return this.sessions.size + this.privateSessions.size;
  }

  /** The live HTTP episodes and private sessions, counted apart. */
  get counts(): { httpEpisodes: number; privateSessions: number } {
    this.sweep();
    return { httpEpisodes: this.sessions.size, privateSessions: this.privateSessions.size };
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
    this.ensureRoom();
    const session = new Session(randomUUID(), transport, this.options.clock);
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
   * Starts an episode (see the module comment for which one) and returns its first observation.
   * @throws CapacityError when a new episode would exceed MAX_SESSIONS; ValidationError for unknown ids.
   */
  reset(request: ResetRequest): StepResult {
    this.sweep();
    const named = request.episode_id;
    const id = named ?? randomUUID();
    // Replacing an existing episode (a named restart, or the default) does not add one.
    const replaces = named !== undefined ? this.sessions.has(named) : this.defaultId !== null;
    if (!replaces) this.ensureRoom();
    // Start first: an unknown task or scenario must leave every existing episode as it was.
    const episode = startEpisode(this.options.catalog, request, id, ["body"]);
    if (named === undefined) {
      if (this.defaultId !== null) this.sessions.delete(this.defaultId);
      this.defaultId = id;
    }
    this.sessions.set(id, { episode, lastUsed: this.options.clock() });
    return episode.observe();
  }

  /**
   * The episode named `id`, or the default one; counts as use for idle expiry.
   * @throws HttpError 404 for an unknown or expired id, or when there is no default episode.
   */
  episode(id: string | undefined): Episode {
    this.sweep();
    const key = id ?? this.defaultId;
    const session = key === null ? undefined : this.sessions.get(key);
    if (session === undefined) {
      throw new HttpError(
        404,
        id === undefined
          ? "no default episode (none started, or it expired after " +
              `${this.options.ttlSeconds} s idle); POST /reset to start one`
          : `episode '${id}' not found (unknown or expired after ${this.options.ttlSeconds} s idle); POST /reset to start one`,
      );
    }
    session.lastUsed = this.options.clock();
    return session.episode;
  }

  /** Ends an episode; returns whether it existed. */
  close(id: string): boolean {
    if (this.defaultId === id) this.defaultId = null;
    return this.sessions.delete(id);
  }

  /** Drops episodes and private sessions idle for longer than the TTL; returns how many. */
  sweep(): number {
    const cutoff = this.options.clock() - this.options.ttlSeconds * 1000;
    let dropped = 0;
    for (const [id, session] of this.sessions) {
      if (session.lastUsed <= cutoff) {
        this.close(id);
        dropped++;
      }
    }
    for (const [id, session] of this.privateSessions) {
      if (session.lastUsed <= cutoff) {
        this.privateSessions.delete(id);
        session.end("expired");
        dropped++;
      }
    }
    return dropped;
  }

  private ensureRoom(): void {
    const active = this.sessions.size + this.privateSessions.size;
    if (active >= this.options.maxSessions) throw new CapacityError(active, this.options.maxSessions, this.options.ttlSeconds);
  }

  /** Stops the background sweep (the store stays usable; expiry is then lazy only). */
  dispose(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
  }
}
