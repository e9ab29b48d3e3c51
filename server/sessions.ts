/**
 * The HTTP episodes a server holds: each named by its episode_id, each its own Episode (so one episode's
 * actions can never touch another's), bounded in number (MAX_SESSIONS) and dropped after SESSION_TTL_S
 * without use.
 *
 * The default episode. OpenEnv's HTTP API has no session: clients POST /reset, then /step, without ids. To
 * keep that (and the seed's curl walkthrough) working, a /reset without an episode_id starts a fresh
 * episode under a new id and makes it the default, replacing (closing) the previous default; /step and
 * /state without an episode_id act on the default. A /reset that names an episode_id starts (or restarts)
 * that episode and leaves the default alone. The default counts towards MAX_SESSIONS like any other.
 */
import { randomUUID } from "node:crypto";
import { Episode } from "../environment/episode.js";
import type { ResetRequest, StepResult } from "../environment/observation.js";
import type { Catalog } from "../tasks/catalog.js";
import { HttpError } from "./errors.js";

export interface SessionStoreOptions {
  catalog: Catalog;
  maxSessions: number;
  ttlSeconds: number;
  /** Milliseconds since the epoch; injectable so that tests can age episodes without waiting. */
  clock: () => number;
  /** How often the background sweep runs; 0 disables it (expiry then happens lazily on every access). */
  sweepIntervalMs?: number;
}

interface Session {
  episode: Episode;
  lastUsed: number;
}

/** Live HTTP episodes by id, with capacity and idle expiry. */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
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

  /** Number of live episodes, the default included. */
  get size(): number {
    this.sweep();
    return this.sessions.size;
  }

  /**
   * Starts an episode (see the module comment for which one) and returns its first observation.
   * @throws HttpError 503 when a new episode would exceed MAX_SESSIONS; ResetError for unknown ids.
   */
  reset(request: ResetRequest): StepResult {
    this.sweep();
    const named = request.episode_id;
    const id = named ?? randomUUID();
    // Replacing an existing episode (a named restart, or the default) does not add one.
    const replaces = named !== undefined ? this.sessions.has(named) : this.defaultId !== null;
    if (!replaces && this.sessions.size >= this.options.maxSessions) {
      throw new HttpError(
        503,
        `server at capacity: ${this.options.maxSessions} live episodes (MAX_SESSIONS); ` +
          `episodes idle for ${this.options.ttlSeconds} s expire, or reset an episode_id you already hold`,
      );
    }
    // Start first: an unknown task or scenario must leave every existing episode as it was.
    const episode = Episode.start(this.options.catalog, request, id);
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

  /** Drops episodes idle for longer than the TTL; returns how many. */
  sweep(): number {
    const cutoff = this.options.clock() - this.options.ttlSeconds * 1000;
    let dropped = 0;
    for (const [id, session] of this.sessions) {
      if (session.lastUsed <= cutoff) {
        this.close(id);
        dropped++;
      }
    }
    return dropped;
  }

  /** Stops the background sweep (the store stays usable; expiry is then lazy only). */
  dispose(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
  }
}
