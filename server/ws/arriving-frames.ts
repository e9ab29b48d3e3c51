/**
 * A WebSocket's frames are held against MAX_ARRIVING_BODY_BYTES while they arrive, as request bodies are: `ws`
 * buffers a frame (or a fragmented message) until its last byte, up to MAX_BODY_BYTES each, and sockets that
 * join one MCP session (`/ws?session_id=`) are not counted against MAX_SESSIONS, so five hundred of them, each
 * sending a frame of a megabyte but its last byte, held 435 MB. A socket's bytes are charged as they come and
 * released when `ws` delivers what they made up (a message, a ping or pong) or the socket closes; a socket
 * whose bytes would pass the bound is closed with 1013 (try again later) naming it.
 */
import type { EventEmitter } from "node:events";
import type { Duplex } from "node:stream";
import { ARRIVING_BODIES, type ArrivingBodies } from "../arriving-bodies.js";

/** What the socket is told when it is closed for the bound (a close reason holds 123 bytes at most). */
export const ARRIVING_FRAMES_REASON = "too many bytes arriving at once (MAX_ARRIVING_BODY_BYTES); try again";

/**
 * Charges `socket`'s incoming bytes until `ws` (its WebSocket) has read them into a frame; `refuse` closes it.
 * @example chargeArrivingFrames(socket, ws, () => ws.close(1013, ARRIVING_FRAMES_REASON))
 */
export function chargeArrivingFrames(socket: Duplex, ws: EventEmitter, refuse: () => void, arriving: ArrivingBodies = ARRIVING_BODIES): void {
  let pending = 0;
  let refused = false;
  const peer = (socket as { remoteAddress?: string }).remoteAddress ?? "";
  const release = (): void => {
    arriving.give(pending, peer);
    pending = 0;
  };
  // Before ws reads the chunk: a frame it completes is then released with the bytes that made it up.
  socket.prependListener("data", (chunk: Buffer) => {
    if (refused) return;
    if (!arriving.take(chunk.byteLength, peer)) {
      refused = true;
      // Read no more of it: ws would buffer the rest of the frame while the close is under way.
      socket.pause();
      release();
      refuse();
      return;
    }
    pending += chunk.byteLength;
  });
  for (const event of ["message", "ping", "pong", "close"]) ws.on(event, release);
}
