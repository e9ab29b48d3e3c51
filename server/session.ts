/**
 * A private episode session: the one a WebSocket connection holds, or one an MCP client opened
 * (`openenv/session/create`, or `initialize` over Streamable HTTP). Unlike an HTTP episode it exists before
 * its first episode (OpenEnv's clients connect first, reset later) and outlives its episodes: each reset or
 * `start_scenario` replaces the episode inside the same session. Its episode is a PlayedEpisode like any
 * other, so it has a record too, and is rebuilt from it if the pool loses it.
 */
import { randomUUID } from "node:crypto";
import type { ResetRequest } from "../contracts/observation.js";
import { startingRecord } from "./episode-commands.js";
import { HttpError } from "./errors.js";
import { PlayedEpisode, type EpisodeRuntime } from "./played-episode.js";
import { RECORD_BASE_BYTES } from "./record-bytes.js";

/** Which transport opened the session: a live socket owns a "ws" session until it closes. */
export type SessionTransport = "ws" | "mcp";

/**
 * Why a session ended: its owner closed it, it sat idle past SESSION_TTL_S, or, never having started an
 * episode, it sat idle past UNSTARTED_SESSION_TTL_S or gave its place up at MAX_SESSIONS.
 */
export type SessionEndReason = "closed" | "expired" | "unstarted_expired" | "made_room";

/** One private session and its current episode. */
export class Session {
  private current: PlayedEpisode | null = null;
  private ended = false;
  /** Milliseconds since the epoch of the last use; the store expires the session from it. */
  lastUsed: number;
  /**
   * Told once when the store drops the session, so that every socket holding it can close itself: one MCP
   * session may be joined by several /ws connections (a client reconnecting before its old socket has gone).
   */
  private readonly endListeners = new Set<(reason: SessionEndReason) => void>();
  /** Set by MCP's `initialize`: the protocol version agreed with a Streamable HTTP client. */
  protocolVersion: string | undefined;

  constructor(
    readonly id: string,
    readonly transport: SessionTransport,
    private readonly clock: () => number,
    private readonly runtime: EpisodeRuntime,
    /** Told of every use (the store keeps its sessions in order of last use, so that expiry is cheap). */
    private readonly onUse: () => void = () => undefined,
  ) {
    this.lastUsed = clock();
  }

  /** Whether an episode has been started in this session. */
  get started(): boolean {
    return this.current !== null;
  }

  /** The current episode, or null before the first reset; unlike episode(), neither throws nor counts as use. */
  get activeEpisode(): PlayedEpisode | null {
    return this.current;
  }

  /** Whether the store has dropped this session. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** Marks use, which postpones idle expiry. */
  touch(): void {
    this.lastUsed = this.clock();
    this.onUse();
  }

  /**
   * Starts (or restarts) the session's episode and answers its first observation as JSON; the episode id is
   * the request's, else a fresh one. A start that fails leaves the session's episode as it was.
   * @throws ValidationError for an unknown task or scenario (at `resetLoc` + the field).
   */
  async start(request: ResetRequest, resetLoc: Array<string | number> = []): Promise<string> {
    this.touch();
    const record = startingRecord(this.runtime.catalog, request, request.episode_id ?? randomUUID(), resetLoc);
    this.runtime.admit?.(RECORD_BASE_BYTES);
    const episode = new PlayedEpisode(this.runtime, this.transport, record);
    let first: string;
    try {
      first = await episode.started;
    } catch (error) {
      episode.release();
      throw error;
    }
    if (this.ended) {
      episode.release();
      throw new HttpError(409, "the session ended while its episode was starting; connect again");
    }
    this.current?.release();
    this.current = episode;
    return first;
  }

  /**
   * The session's episode.
   * @throws HttpError 409 before the first reset: there is nothing to act on yet.
   */
  episode(): PlayedEpisode {
    this.touch();
    if (this.current === null) {
      throw new HttpError(409, "no episode in this session yet: reset first (the start_scenario tool over MCP)");
    }
    return this.current;
  }

  /** Tells `listener` when the session ends (once); returns what stops telling it (a socket that closed). */
  onEnd(listener: (reason: SessionEndReason) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /** Called by the store only. */
  end(reason: SessionEndReason): void {
    if (this.ended) return;
    this.ended = true;
    this.current?.release();
    this.current = null;
    const listeners = [...this.endListeners];
    this.endListeners.clear();
    for (const listener of listeners) listener(reason);
  }
}
