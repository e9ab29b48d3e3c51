/**
 * The bytes of request bodies still arriving, all requests together, held against MAX_ARRIVING_BODY_BYTES.
 * MAX_BODY_BYTES bounds one body, but not how many arrive at once: a thousand connections each sending a body
 * one byte short of it, and never the last byte, held a gigabyte until Node's request timeout (five minutes),
 * and ten thousand would end the process. A body is charged as its bytes arrive and released once it has
 * arrived (or failed); a chunk that would take the total past the bound fails its request with a 503. Each peer
 * address may hold MAX_ARRIVING_BODY_BYTES_PER_PEER of it, so one client cannot take the whole account.
 */
import { MAX_ARRIVING_BODY_BYTES, MAX_ARRIVING_BODY_BYTES_PER_PEER } from "../contracts/limits.js";

export class ArrivingBodies {
  private held = 0;
  /** Bytes arriving by peer address; a peer with none arriving has no entry, so the map holds only live peers. */
  private readonly byPeer = new Map<string, number>();

  constructor(
    readonly limit: number = MAX_ARRIVING_BODY_BYTES,
    readonly perPeer: number = MAX_ARRIVING_BODY_BYTES_PER_PEER,
  ) {}

  /** Bytes of bodies arriving now. */
  get bytes(): number {
    return this.held;
  }

  /**
   * Charges `bytes` more; false (nothing charged) when they would take the total past the limit. With nothing
   * else arriving a body is always taken, so a MAX_BODY_BYTES set above the limit still admits one such body.
   */
  take(bytes: number, peer = ""): boolean {
    if (this.held > 0 && this.held + bytes > this.limit) return false;
    // One peer's share: its first body is always taken too, whatever MAX_BODY_BYTES is.
    const mine = this.byPeer.get(peer) ?? 0;
    if (mine > 0 && mine + bytes > this.perPeer) return false;
    this.held += bytes;
    this.byPeer.set(peer, mine + bytes);
    return true;
  }

  /** Bytes arriving from `peer` now. */
  bytesFrom(peer: string): number {
    return this.byPeer.get(peer) ?? 0;
  }

  /** Releases `bytes` a body from `peer` was charged. */
  give(bytes: number, peer = ""): void {
    if (bytes === 0) return;
    this.held -= bytes;
    const left = (this.byPeer.get(peer) ?? 0) - bytes;
    if (left > 0) this.byPeer.set(peer, left);
    else this.byPeer.delete(peer);
  }
}

/** The process's one account: every request body on every route is charged here. */
export const ARRIVING_BODIES = new ArrivingBodies();
