/**
 * Backpressure for one WebSocket client. Answers are written to the socket's send buffer; a client that
 * stops reading lets that buffer grow without end (a few `view_files` frames over a large file are megabytes
 * each). So the connection stops reading a client's frames (TCP then pushes back on the client) when either
 * too many of its frames wait to be answered or its unsent answers pass WS_BUFFER_BYTES, and computes no
 * further answer until the client has read the buffer down to half the limit. A client that stays over the
 * limit for WS_STALL_TIMEOUT_S is closed with 1013 (try again later) and its buffer released.
 */

/** The socket as flow control sees it. */
export interface FlowSocket {
  /** Bytes sent and not yet written to the network. */
  readonly bufferedAmount: number;
  /** Stop and restart reading the client's frames. */
  pause(): void;
  resume(): void;
}

export interface FlowLimits {
  /** WS_BUFFER_BYTES: unsent bytes past which the client counts as not reading. */
  bufferBytes: number;
  /** WS_STALL_TIMEOUT_S, in ms: how long a client may stay over the limit. */
  stallMs: number;
}

/** Frames a client may have waiting for an answer before the server stops reading more. */
export const MAX_WAITING_FRAMES = 32;

/** How often a paused connection looks whether its client has read. */
const POLL_MS = 20;

export class SendFlow {
  private tooManyFrames = false;
  private overBuffer = false;
  private reading = true;

  constructor(
    private readonly socket: FlowSocket,
    private readonly limits: FlowLimits,
    private readonly onPause: () => void,
  ) {}

  /** Whether the client has room for another answer now. */
  get hasRoom(): boolean {
    return this.socket.bufferedAmount <= this.limits.bufferBytes;
  }

  /** Tells how many frames wait to be answered; reading stops at MAX_WAITING_FRAMES and resumes at half. */
  waiting(count: number): void {
    if (count >= MAX_WAITING_FRAMES) this.tooManyFrames = true;
    else if (count <= MAX_WAITING_FRAMES / 2) this.tooManyFrames = false;
    this.update();
  }

  /**
   * Stops reading until the client has read its buffer down to half the limit; false when it stayed over
   * the limit for the stall timeout (or `stillOpen` turned false), so the caller closes it.
   */
  async waitForRoom(stillOpen: () => boolean): Promise<boolean> {
    this.overBuffer = true;
    this.update();
    const giveUpAt = performance.now() + this.limits.stallMs;
    while (this.socket.bufferedAmount > this.limits.bufferBytes / 2) {
      if (!stillOpen() || performance.now() >= giveUpAt) return false;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    this.overBuffer = false;
    this.update();
    return stillOpen();
  }

  private update(): void {
    const shouldRead = !this.tooManyFrames && !this.overBuffer;
    if (shouldRead === this.reading) return;
    this.reading = shouldRead;
    if (shouldRead) this.socket.resume();
    else {
      this.socket.pause();
      this.onPause();
    }
  }
}
