/**
 * The bytes of request bodies still arriving, all requests together, held against MAX_ARRIVING_BODY_BYTES.
 * MAX_BODY_BYTES bounds one body, but not how many arrive at once: a thousand connections each sending a body
 * one byte short of it, and never the last byte, held a gigabyte until Node's request timeout (five minutes),
 * and ten thousand would end the process. A body is charged as its bytes arrive and released once it has
 * arrived (or failed); a chunk that would take the total past the bound fails its request with a 503.
 */
import { MAX_ARRIVING_BODY_BYTES } from "../contracts/limits.js";

export class ArrivingBodies {
  private held = 0;

  constructor(readonly limit: number = MAX_ARRIVING_BODY_BYTES) {}

  /** Bytes of bodies arriving now. */
  get bytes(): number {
    return this.held;
  }

  /**
   * Charges `bytes` more; false (nothing charged) when they would take the total past the limit. With nothing
   * else arriving a body is always taken, so a MAX_BODY_BYTES set above the limit still admits one such body.
   */
  take(bytes: number): boolean {
    if (this.held > 0 && this.held + bytes > this.limit) return false;
    this.held += bytes;
    return true;
  }

  /** Releases `bytes` a body was charged. */
  give(bytes: number): void {
    this.held -= bytes;
  }
}

/** The process's one account: every request body on every route is charged here. */
export const ARRIVING_BODIES = new ArrivingBodies();
