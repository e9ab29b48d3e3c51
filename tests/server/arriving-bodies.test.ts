/**
 * Bodies arriving at once are bounded together (MAX_ARRIVING_BODY_BYTES), not only one by one: a thousand
 * connections each sending a body one byte short of MAX_BODY_BYTES, and never the last byte, held a gigabyte
 * for the five minutes of Node's request timeout. Driven on Node's own request objects, with a small bound.
 */
import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { MAX_ARRIVING_BODY_BYTES, MAX_ARRIVING_BODY_BYTES_PER_PEER } from "../../contracts/limits.js";
import { ArrivingBodies } from "../../server/arriving-bodies.js";
import { readIncoming } from "../../server/body.js";
import { HttpError } from "../../server/errors.js";

const request = (peer?: string) => {
  const socket = new Socket();
  if (peer !== undefined) Object.defineProperty(socket, "remoteAddress", { value: peer });
  return new IncomingMessage(socket);
};
const settled = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("request bodies arriving at once", () => {
  it("past MAX_ARRIVING_BODY_BYTES together fail with a 503 that names the bound; the others still arrive, and what they held is released", async () => {
    const arriving = new ArrivingBodies(1000);
    const first = request();
    const reading = settled(readIncoming(first, 800, arriving));
    first.push(Buffer.alloc(600, 0x20));
    await tick();
    expect(arriving.bytes).toBe(600);

    const second = request();
    const refused = settled(readIncoming(second, 800, arriving));
    second.push(Buffer.alloc(600, 0x20));
    const { error } = (await refused) as { error: HttpError };
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(503);
    expect(error.headers).toEqual({ "Retry-After": "1" });
    expect(error.message).toBe("the server is receiving 600 bytes of other request bodies at once, the most it holds (MAX_ARRIVING_BODY_BYTES, 1000); try again");
    expect(arriving.bytes).toBe(600);

    first.push(null);
    expect(((await reading) as { value: Buffer }).value.length).toBe(600);
    expect(arriving.bytes).toBe(0);
    const third = request();
    const accepted = settled(readIncoming(third, 800, arriving));
    third.push(Buffer.alloc(600, 0x20));
    third.push(null);
    expect(((await accepted) as { value: Buffer }).value.length).toBe(600);
    expect(arriving.bytes).toBe(0);
  });

  it("release what a body held when its client goes away, and answer that as the client's doing (400), not the server's", async () => {
    const arriving = new ArrivingBodies(1000);
    const body = request();
    const reading = settled(readIncoming(body, 800, arriving));
    body.push(Buffer.alloc(500, 0x20));
    await tick();
    expect(arriving.bytes).toBe(500);
    body.destroy(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    const { error } = (await reading) as { error: HttpError };
    expect(error).toBeInstanceOf(HttpError);
    expect([error.status, error.message]).toEqual([400, "the request body ended before its end"]);
    expect(arriving.bytes).toBe(0);
  });

  it("hold one peer address to its share (MAX_ARRIVING_BODY_BYTES_PER_PEER), so a client trickling bodies cannot turn away another's", async () => {
    const arriving = new ArrivingBodies(1000, 400);
    const trickled = request("10.0.0.1");
    const held = settled(readIncoming(trickled, 800, arriving));
    trickled.push(Buffer.alloc(300, 0x20));
    await tick();

    const more = request("10.0.0.1");
    const refused = settled(readIncoming(more, 800, arriving));
    more.push(Buffer.alloc(200, 0x20));
    const { error } = (await refused) as { error: HttpError };
    expect([error.status, error.message]).toEqual([503, "the server is receiving 300 bytes of other request bodies from this address at once, the most it holds from one (MAX_ARRIVING_BODY_BYTES_PER_PEER, 400); try again"]);

    // Another address's body still arrives while the first peer holds its share.
    const other = request("10.0.0.2");
    const accepted = settled(readIncoming(other, 800, arriving));
    other.push(Buffer.alloc(300, 0x20));
    other.push(null);
    expect(((await accepted) as { value: Buffer }).value.length).toBe(300);
    expect([arriving.bytes, arriving.bytesFrom("10.0.0.1"), arriving.bytesFrom("10.0.0.2")]).toEqual([300, 300, 0]);

    trickled.push(null);
    expect(((await held) as { value: Buffer }).value.length).toBe(300);
    expect([arriving.bytes, arriving.bytesFrom("10.0.0.1")]).toEqual([0, 0]);
    expect(MAX_ARRIVING_BODY_BYTES_PER_PEER).toBe(MAX_ARRIVING_BODY_BYTES / 4);
  });

  it("always admit one body, whatever MAX_BODY_BYTES a deployment set, and hold sixty-four of the default size", async () => {
    const arriving = new ArrivingBodies(100);
    const body = request();
    const reading = settled(readIncoming(body, 1000, arriving));
    body.push(Buffer.alloc(500, 0x20));
    body.push(null);
    expect(((await reading) as { value: Buffer }).value.length).toBe(500);
    expect(MAX_ARRIVING_BODY_BYTES).toBe(64 * 1024 * 1024);
  });
});
