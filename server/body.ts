/**
 * Reading a request body as JSON, bounded: a declared Content-Length over the limit is refused before a byte
 * is read, and the bytes actually streamed are counted too (a chunked body declares no length, and a
 * declared length can lie). Malformed JSON becomes FastAPI's `json_invalid` 422, with the character offset
 * of the error in `loc` as FastAPI reports it.
 */
import type { Context } from "hono";
import { HttpError, ValidationError } from "./errors.js";
import { readJsonText } from "./json-text.js";

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
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function tooLarge(size: string, limit: number): HttpError {
  return new HttpError(413, `request body is ${size}; the limit is ${limit}`);
}
