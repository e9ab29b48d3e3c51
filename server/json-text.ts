/**
 * JSON text as every transport reads it (HTTP bodies, WebSocket frames, MCP requests): parsed, and refused
 * when it nests deeper than MAX_JSON_DEPTH, with the character offset of the problem, as FastAPI reports
 * JSON errors.
 */
import { MAX_JSON_DEPTH } from "../contracts/limits.js";
import { cut } from "../contracts/quote.js";

/** Parsed JSON, or where and why the text is not acceptable JSON. */
export type JsonReading = { ok: true; value: unknown } | { ok: false; offset: number; reason: string };

/**
 * Parses `text`; nesting deeper than MAX_JSON_DEPTH is refused like malformed JSON.
 * @example readJsonText('{"type": "reset"}') // { ok: true, value: { type: "reset" } }
 */
export function readJsonText(text: string): JsonReading {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    // V8's messages quote a little of the text; cut them anyway, the text is the client's.
    const message = error instanceof Error ? error.message : "not JSON";
    return { ok: false, offset: errorOffset(message), reason: cut(message) };
  }
  const tooDeep = depthExceeded(text, MAX_JSON_DEPTH);
  if (tooDeep !== null) return { ok: false, offset: tooDeep, reason: `nesting deeper than ${MAX_JSON_DEPTH} levels at position ${tooDeep}` };
  return { ok: true, value };
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

/** V8 says "... at position 12 (line 1 column 13)"; FastAPI's loc carries that offset. */
function errorOffset(reason: string): number {
  const match = /position (\d+)/.exec(reason);
  return match ? Number(match[1]) : 0;
}
