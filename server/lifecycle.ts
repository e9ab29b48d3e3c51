/**
 * Where the server is in its life: serving, or draining for a shutdown (new requests refused with 503 and
 * Retry-After, new WebSockets refused, in-flight work allowed to finish). It counts the HTTP requests in
 * flight (admitted before the drain, until their answer is written out) and holds the open WebSocket
 * connections, so a shutdown can wait for both (listen.ts).
 */

/** An open WebSocket connection as a shutdown and /metrics see it. */
export interface LiveConnection {
  /** Stops taking frames, answers those already taken, then closes with 1001; resolves once closed. */
  drain(): Promise<void>;
  /** Bytes queued for the client and not yet sent. */
  readonly bufferedAmount: number;
}

export class Lifecycle {
  private draining = false;
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  readonly connections = new Set<LiveConnection>();

  get isDraining(): boolean {
    return this.draining;
  }

  /** HTTP requests being answered. */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** From now on, new requests and connections are refused. */
  beginDrain(): void {
    this.draining = true;
  }

  /**
   * Counts a request in flight until `response` closes (its answer written out, or its connection gone).
   * Requests that arrive while draining are not counted: they are refused at once, and a steady stream of
   * them must not keep the drain from ending.
   */
  admit(response: { once(event: "close", listener: () => void): unknown }): void {
    if (this.draining) return;
    this.inFlight++;
    response.once("close", () => {
      this.inFlight--;
      if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  /** Resolves once no HTTP request is in flight. */
  whenIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Bytes queued for every WebSocket client, for /metrics. */
  bufferedBytes(): number {
    let total = 0;
    for (const connection of this.connections) total += connection.bufferedAmount;
    return total;
  }
}
