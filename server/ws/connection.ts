/**
 * One /ws connection: OpenEnv's frame protocol over one private session. Every request frame gets exactly
 * one answer frame, in order: frames wait in an inbox and are answered one at a time (an episode step is a
 * task in the episode pool), so no answer can overtake another. Errors keep the session open, except
 * SESSION_ERROR (a frame that is not a JSON object, or the session expiring), after which the socket is
 * closed, as OpenEnv does. A client that does not read its answers is paused, then closed (flow.ts); a
 * shutdown drains the connection: the frames already received are answered, then it closes with 1001.
 * Each frame answered is one log line (type, episode id, duration, outcome; never the frame's content).
 *
 * The logic knows nothing of sockets: it writes to a FrameSink, so it can be driven directly in tests.
 */
import type { Catalog } from "../../tasks/catalog.js";
import type { LiveConnection } from "../lifecycle.js";
import { elapsedMs, type Logger } from "../log.js";
import type { EpisodePool } from "../pool/pool.js";
import { UNSTARTED_SESSION_TTL_S } from "../../contracts/limits.js";
import type { Session, SessionEndReason } from "../session.js";
import type { SessionStore } from "../sessions.js";
import { answerFrame, INTERNAL_ERROR_FRAME, type FrameOutcome } from "./answer.js";
import { errorFrame } from "./frames.js";
import { SendFlow, type FlowLimits, type FlowSocket } from "./flow.js";

/** Where a connection writes: the socket, or a test's array. */
export interface FrameSink extends FlowSocket {
  send(frame: string): void;
  close(code: number, reason: string): void;
  /** Drops the connection without a closing handshake (a client that does not read would never finish one). */
  terminate(): void;
}

/** What a connection needs from the app. */
export interface ConnectionContext {
  store: SessionStore;
  catalog: Catalog;
  pool: EpisodePool;
  logger: Logger;
  limits: FlowLimits;
  /** Told when a client is paused for not reading, and when it is closed for staying so. */
  backpressure(action: "paused" | "closed"): void;
}

/** WebSocket close code for a normal close; OpenEnv closes with it in every case. */
export const NORMAL_CLOSURE = 1000;
/** WebSocket close code for a server going away (shutdown). */
export const GOING_AWAY = 1001;
/** WebSocket close code "try again later": the client did not read its answers. */
export const TRY_AGAIN_LATER = 1013;

/** How long a client closed for not reading gets to finish the closing handshake before it is dropped. */
const TERMINATE_AFTER_MS = 1000;

/** What a socket is told when the store ends its session. */
function endMessage(reason: SessionEndReason, ttlSeconds: number): string {
  switch (reason) {
    case "expired":
      return `session expired after ${ttlSeconds} s without a frame (SESSION_TTL_S); connect again`;
    case "unstarted_expired":
      return `session expired after ${Math.min(ttlSeconds, UNSTARTED_SESSION_TTL_S)} s without an episode (UNSTARTED_SESSION_TTL_S); connect again and reset`;
    case "made_room":
      return "session ended to make room at MAX_SESSIONS: no episode was started in it; connect again and reset";
    case "closed":
      return "session closed by openenv/session/close; connect again";
  }
}

/** The frame protocol of one connection over `session`. */
export class EpisodeConnection implements LiveConnection {
  private open = true;
  private draining = false;
  private pumping = false;
  private readonly inbox: string[] = [];
  private readonly flow: SendFlow;
  private readonly closedWaiters: Array<() => void> = [];
  private readonly stopListening: () => void;

  /**
   * @param owned whether the connection owns the session (it opened it) and ends it on close; false when it
   *   joined an MCP session by `?session_id=`, which its MCP client closes.
   */
  constructor(
    private readonly session: Session,
    private readonly ctx: ConnectionContext,
    private readonly sink: FrameSink,
    private readonly owned: boolean,
  ) {
    this.flow = new SendFlow(sink, ctx.limits, () => ctx.backpressure("paused"));
    // The store ends a session under a live socket when it expires, or when an MCP client closes the
    // session this socket joined: either way there is nothing left to play, so the socket closes too.
    this.stopListening = session.onEnd((reason) => {
      if (!this.open) return;
      this.fail(endMessage(reason, ctx.store.limits.ttlSeconds));
    });
  }

  get bufferedAmount(): number {
    return this.sink.bufferedAmount;
  }

  /** Takes one text frame; it is answered after those before it. */
  receive(raw: string): void {
    if (!this.open || this.draining) return;
    this.session.touch();
    this.inbox.push(raw);
    this.flow.waiting(this.inbox.length);
    void this.pump();
  }

  /** The socket has closed, whoever closed it: an owned session is freed at once. */
  closed(): void {
    if (this.open) {
      this.open = false;
      this.inbox.length = 0;
      this.stopListening();
      if (this.owned) this.ctx.store.end(this.session.id);
    }
    for (const resolve of this.closedWaiters.splice(0)) resolve();
  }

  /** For a shutdown: takes no more frames, answers those already taken, then closes with 1001. */
  drain(): Promise<void> {
    if (!this.open) return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.closedWaiters.push(resolve));
    this.draining = true;
    if (!this.pumping) this.closeWith(GOING_AWAY, "server shutting down");
    return closed;
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.open && this.inbox.length > 0) {
        if (!this.flow.hasRoom && !(await this.flow.waitForRoom(() => this.open && !this.draining))) {
          // A shutdown does not wait for a client that does not read: the finally below closes it with 1001.
          if (this.open && !this.draining) this.stalled();
          return;
        }
        const raw = this.inbox.shift()!;
        this.flow.waiting(this.inbox.length);
        await this.handle(raw);
      }
    } finally {
      this.pumping = false;
      if (this.draining && this.open) this.closeWith(GOING_AWAY, "server shutting down");
    }
  }

  /** Answers one frame and logs it; no error escapes. */
  private async handle(raw: string): Promise<void> {
    const began = performance.now();
    let outcome: FrameOutcome;
    try {
      outcome = await answerFrame(raw, this.session, this.ctx, (frame) => this.send(frame));
    } catch (error) {
      outcome = this.answerError(error);
    }
    if (outcome.close !== undefined) this.fail(outcome.close);
    if (outcome.closeNormally !== undefined) this.closeWith(NORMAL_CLOSURE, outcome.closeNormally);
    // The line is built only when it is written (LOG_LEVEL=warn and above skip it).
    if (!this.ctx.logger.isLevelEnabled("info")) return;
    this.ctx.logger.info(
      { transport: "ws", frame: outcome.frame, episode_id: this.session.activeEpisode?.episodeId ?? null, ...outcome.noted, duration_ms: elapsedMs(began), outcome: outcome.outcome },
      "ws frame",
    );
  }

  /**
   * The last guard: answerFrame answers every error itself, so reaching this is a bug (building the answer
   * itself failed). The frame sent now is a constant, so this cannot fail again; nothing escapes to the
   * socket's listener, where it would end the process.
   */
  private answerError(error: unknown): FrameOutcome {
    try {
      this.ctx.logger.error({ err: error, transport: "ws" }, "ws frame failed");
      this.send(INTERNAL_ERROR_FRAME);
    } catch {
      // The socket is gone: there is no one left to answer.
    }
    return { frame: "?", outcome: "internal_error" };
  }

  private send(frame: string): void {
    if (this.open) this.sink.send(frame);
  }

  /** A SESSION_ERROR frame, then a normal close, as OpenEnv ends a session. */
  private fail(message: string): void {
    this.send(errorFrame("SESSION_ERROR", message));
    this.closeWith(NORMAL_CLOSURE, message);
  }

  /** The client stayed over the send-buffer limit: closed with 1013, and dropped if it does not answer. */
  private stalled(): void {
    this.ctx.backpressure("closed");
    this.ctx.logger.warn({ transport: "ws", buffered_bytes: this.sink.bufferedAmount, episode_id: this.session.activeEpisode?.episodeId ?? null }, "ws client closed: not reading its answers");
    this.closeWith(TRY_AGAIN_LATER, "client is not reading its answers (WS_BUFFER_BYTES)");
    setTimeout(() => this.sink.terminate(), TERMINATE_AFTER_MS).unref();
  }

  private closeWith(code: number, reason: string): void {
    if (!this.open) return;
    this.closed();
    // Close reasons are limited to 123 bytes by the protocol.
    this.sink.close(code, Buffer.from(reason).subarray(0, 120).toString());
  }
}
