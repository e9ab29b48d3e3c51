/**
 * Reading a request body as JSON, bounded: a declared Content-Length over the limit is refused before a byte
 * is read, and the bytes actually streamed are counted too (a chunked body declares no length, and a
 * declared length can lie). Malformed JSON becomes FastAPI's `json_invalid` 422, with the character offset
 * of the error in `loc` as FastAPI reports it.
 */
import type { Context } from "hono";
import { HttpError, ValidationError } from "./errors.js";

/** Why the body is absent: OpenEnv's /reset accepts an empty body; other routes need one. */
export const EMPTY_BODY = Symbol("empty body");

/**
 * Deepest nesting of arrays and objects accepted. No breakfix request needs more than a few levels, and a
 * body of 100 000 nested brackets (200 kB, well under the size limit) would otherwise overflow the stack
 * when an error echoes it back or a state containing it is serialised.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The parsed JSON body, or EMPTY_BODY when there is none (zero bytes or only whitespace).
 * @throws HttpError 413 over `limit` bytes; ValidationError `json_invalid` for malformed JSON.
 */
export async function readJsonBody(c: Context, limit: number): Promise<unknown> {
  const text = await readBodyText(c, limit);
  if (text.trim() === "") return EMPTY_BODY;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw jsonInvalid(errorOffset(reason), reason);
  }
  const tooDeep = depthExceeded(text, MAX_JSON_DEPTH);
  if (tooDeep !== null) throw jsonInvalid(tooDeep, `nesting deeper than ${MAX_JSON_DEPTH} levels at position ${tooDeep}`);
  return parsed;
}

function jsonInvalid(offset: number, reason: string): ValidationError {
  return new ValidationError([{ type: "json_invalid", loc: ["body", offset], msg: "JSON decode error", input: {}, ctx: { error: reason } }]);
}

/** The offset of the first bracket deeper than `max` in (valid) JSON text, or null; brackets in strings do not count. */
function depthExceeded(text: string, max: number): number | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return i;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return null;
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

/** V8 says "... at position 12 (line 1 column 13)"; FastAPI's loc carries that offset. */
function errorOffset(reason: string): number {
  const match = /position (\d+)/.exec(reason);
  return match ? Number(match[1]) : 0;
}
