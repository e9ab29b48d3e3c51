/**
 * JSON text as every transport reads it (HTTP bodies, WebSocket frames, MCP requests): parsed, and refused
 * when it nests deeper than MAX_JSON_DEPTH or holds an object with more than MAX_JSON_OBJECT_KEYS members or
 * an array with more than MAX_JSON_ARRAY_ITEMS elements, with the character offset of the problem, as FastAPI
 * reports JSON errors. The bounds are checked by one linear scan of the text before it is parsed, so a
 * refused text never costs a parse, and a wide object never reaches a schema check that would list every
 * unknown key.
 */
import { MAX_JSON_ARRAY_ITEMS, MAX_JSON_DEPTH, MAX_JSON_OBJECT_KEYS } from "../contracts/limits.js";
import { cut } from "../contracts/quote.js";

/** Parsed JSON, or where and why the text is not acceptable JSON. */
export type JsonReading = { ok: true; value: unknown } | { ok: false; offset: number; reason: string };

/**
 * Parses `text`; nesting deeper than MAX_JSON_DEPTH, or a container wider than its bound, is refused like
 * malformed JSON.
 * @example readJsonText('{"type": "reset"}') // { ok: true, value: { type: "reset" } }
 */
export function readJsonText(text: string): JsonReading {
  const refused = boundExceeded(text);
  if (refused !== null) return { ok: false, ...refused };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    // V8's messages quote a little of the text; cut them anyway, the text is the client's.
    const message = error instanceof Error ? error.message : "not JSON";
    return { ok: false, offset: errorOffset(message), reason: cut(message) };
  }
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;

/**
 * The first bound the text breaks, with the offset of the bracket that breaks it, or null. Brackets and
 * commas in strings do not count; a container's members are its own commas plus one. The text need not be
 * valid JSON: the parse that follows reports what else is wrong with it.
 */
function boundExceeded(text: string): { offset: number; reason: string } | null {
  // Per open container, by depth (1-based): its opening bracket, where it starts, and its commas so far.
  const opener = new Uint8Array(MAX_JSON_DEPTH + 1);
  const start = new Int32Array(MAX_JSON_DEPTH + 1);
  const commas = new Int32Array(MAX_JSON_DEPTH + 1);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === OPEN_ARRAY || ch === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) return { offset: i, reason: `nesting deeper than ${MAX_JSON_DEPTH} levels at position ${i}` };
      opener[depth] = ch;
      start[depth] = i;
      commas[depth] = 0;
    } else if (ch === 0x5d || ch === 0x7d) {
      if (depth > 0) depth--;
    } else if (ch === 0x2c && depth > 0) {
      const members = ++commas[depth]! + 1;
      const at = start[depth]!;
      if (opener[depth] === OPEN_OBJECT && members > MAX_JSON_OBJECT_KEYS) {
        return { offset: at, reason: `an object with more than ${MAX_JSON_OBJECT_KEYS} members at position ${at}` };
      }
      if (opener[depth] === OPEN_ARRAY && members > MAX_JSON_ARRAY_ITEMS) {
        return { offset: at, reason: `an array with more than ${MAX_JSON_ARRAY_ITEMS} elements at position ${at}` };
      }
    }
  }
  return null;
}

/** V8 says "... at position 12 (line 1 column 13)"; FastAPI's loc carries that offset. */
function errorOffset(reason: string): number {
  const match = /position (\d+)/.exec(reason);
  return match ? Number(match[1]) : 0;
}
