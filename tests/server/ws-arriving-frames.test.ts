/**
 * A WebSocket's frames count against MAX_ARRIVING_BODY_BYTES while they arrive: sockets joining one MCP session
 * are not bounded by MAX_SESSIONS, and each may hold a frame of MAX_BODY_BYTES but its last byte (500 of them
 * held 435 MB). Driven with a stand-in socket and WebSocket, with a small bound.
 */
import { EventEmitter } from "node:events";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { ArrivingBodies } from "../../server/arriving-bodies.js";
import { chargeArrivingFrames } from "../../server/ws/arriving-frames.js";

function socketPair(arriving: ArrivingBodies) {
  const socket = new PassThrough();
  const ws = new EventEmitter();
  const refused: string[] = [];
  // ws's own reader, which the charge must come before.
  socket.on("data", () => undefined);
  chargeArrivingFrames(socket, ws, () => refused.push("closed"), arriving);
  return { socket, ws, refused, send: (bytes: number) => socket.emit("data", Buffer.alloc(bytes)) };
}

describe("WebSocket frames arriving at once", () => {
  it("are charged until ws delivers them, and a socket whose bytes would pass the bound is closed, what it held released", () => {
    const arriving = new ArrivingBodies(1000);
    const a = socketPair(arriving);
    const b = socketPair(arriving);
    a.send(400);
    a.send(300);
    expect(arriving.bytes).toBe(700);
    b.send(200);
    expect(arriving.bytes).toBe(900);
    // The rest of a's frame would pass the bound: a is closed and releases its 700; b keeps what it sent.
    a.send(200);
    expect(a.refused).toEqual(["closed"]);
    expect(arriving.bytes).toBe(200);
    a.send(100);
    expect([a.refused.length, arriving.bytes]).toEqual([1, 200]);
    // b's message is delivered: its bytes are released, and its next frame is charged afresh.
    b.ws.emit("message", Buffer.alloc(0), false);
    expect(arriving.bytes).toBe(0);
    b.send(900);
    b.ws.emit("ping", Buffer.alloc(0));
    b.send(50);
    b.ws.emit("close", 1000, Buffer.alloc(0));
    expect([b.refused.length, arriving.bytes]).toEqual([0, 0]);
  });
});
