/**
 * Reading a request body as JSON, bounded: a declared Content-Length over the limit is refused before a byte
 * is read, and the bytes actually streamed are counted too (a chunked body declares no length, and a
 * declared length can lie). Malformed JSON becomes FastAPI's `json_invalid` 422, with the character offset
 * of the error in `loc` as FastAPI reports it.
 */
import { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { HttpError, ValidationError } from "./errors.js";
import { readJsonText } from "./json-text.js";
import { ARRIVING_BODIES, type ArrivingBodies } from "./arriving-bodies.js";

/** Why the body is absent: OpenEnv's /reset accepts an empty body; other routes need one. */
export const EMPTY_BODY = Symbol("empty body");

/**
 * The parsed JSON body, or EMPTY_BODY when there is none (zero bytes or only whitespace).
 * @throws HttpError 413 over `limit` bytes; ValidationError `json_invalid` for malformed JSON.
 */
export async function readJsonBody(c: Context, limit: number): Promise<unknown> {
  const text = await readBodyText(c, limit);
  if (text.trim() === "") return EMPTY_BODY;
  const reading = readJsonText(text);
  if (!reading.ok) throw jsonInvalid(reading.offset, reading.reason);
  return reading.value;
}

function jsonInvalid(offset: number, reason: string): ValidationError {
  return new ValidationError([{ type: "json_invalid", loc: ["body", offset], msg: "JSON decode error", input: {}, ctx: { error: reason } }]);
}

async function readBodyText(c: Context, limit: number): Promise<string> {
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(`${declared} bytes`, limit);
  // Under Node's HTTP server the body is read off the request itself: asking Hono for the web stream builds a
  // whole WHATWG Request (headers, an AbortSignal, a stream adapter) per request, much of a step's cost.
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof IncomingMessage) return decoder.decode(await readIncoming(incoming, limit));
  const stream = c.req.raw.body;
  if (stream === null) return "";
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      // Stop reading: the rest of an oversized body is never buffered.
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${limit} bytes`, limit);
    }
    chunks.push(value);
  }
  return decoder.decode(Buffer.concat(chunks));
}

const decoder = new TextDecoder();

/**
 * The body of a Node request, stopping (and refusing) once it passes `limit` bytes, or once the bodies arriving
 * at once would pass MAX_ARRIVING_BODY_BYTES.
 */
export function readIncoming(incoming: IncomingMessage, limit: number, arriving: ArrivingBodies = ARRIVING_BODIES): Promise<Buffer> {
  if (incoming.readableEnded) return Promise.resolve(Buffer.alloc(0));
  const peer = incoming.socket?.remoteAddress ?? "";
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (then: () => void): void => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
      arriving.give(received, peer);
      received = 0;
      then();
    };
    const onData = (chunk: Buffer): void => {
      if (received + chunk.byteLength > limit) {
        // Stop reading: the rest of an oversized body is never buffered.
        incoming.pause();
        settle(() => reject(tooLarge(`more than ${limit} bytes`, limit)));
        return;
      }
      if (!arriving.take(chunk.byteLength, peer)) {
        incoming.pause();
        settle(() => reject(tooManyArriving(arriving, peer, chunk.byteLength)));
        return;
      }
      received += chunk.byteLength;
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      const body = Buffer.concat(chunks, received);
      settle(() => resolve(body));
    };
    // A client that goes away mid-body is not the server's failure: answered (to no one) as a 400, not logged
    // as an error with its stack.
    const onError = (error: Error): void => settle(() => reject((error as { code?: string }).code === "ECONNRESET" ? ended() : error));
    const onClose = (): void => settle(() => reject(ended()));
    incoming.on("data", onData);
    incoming.once("end", onEnd);
    incoming.once("error", onError);
    incoming.once("close", onClose);
  });
}

function ended(): HttpError {
  return new HttpError(400, "the request body ended before its end");
}

function tooManyArriving(arriving: ArrivingBodies, peer: string, bytes: number): HttpError {
  const mine = arriving.bytesFrom(peer);
  if (mine > 0 && mine + bytes > arriving.perPeer) {
    return new HttpError(503, `the server is receiving ${mine} bytes of other request bodies from this address at once, the most it holds from one (MAX_ARRIVING_BODY_BYTES_PER_PEER, ${arriving.perPeer}); try again`, { "Retry-After": "1" });
  }
  return new HttpError(503, `the server is receiving ${arriving.bytes} bytes of other request bodies at once, the most it holds (MAX_ARRIVING_BODY_BYTES, ${arriving.limit}); try again`, { "Retry-After": "1" });
}

function tooLarge(size: string, limit: number): HttpError {
  return new HttpError(413, `request body is ${size}; the limit is ${limit}`);
}
