/**
 * Quoting untrusted values in error messages: short, and safe for any value. Nothing here calls a method of
 * the value (an object whose `toString` is a string breaks `String(value)` and template literals), descends
 * more than a few levels (a frame of thousands of nested arrays), or copies more than the message shows (a
 * megabyte string is cut before it is escaped).
 */
import { MAX_QUOTED_CHARS } from "./limits.js";

/** Levels of arrays and objects a preview opens; deeper ones show as […] and {…}. */
const PREVIEW_DEPTH = 3;

/**
 * A string as itself, cut to `max` characters with the full length said; any other value as a short
 * JSON-like preview.
 * @example quote("x".repeat(500), 10) // "xxxxxxxxxx… (500 characters)"
 */
export function quote(value: unknown, max = MAX_QUOTED_CHARS): string {
  if (typeof value === "string") return cut(value, max);
  return preview(value, max);
}

/** A string cut to `max` characters, saying how long it was when it is cut. */
export function cut(text: string, max = MAX_QUOTED_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/**
 * A JSON-like rendering of `value` of about `max` characters at most, for error messages.
 * @example preview({ toString: "x" }) // '{"toString": "x"}'
 */
export function preview(value: unknown, max = MAX_QUOTED_CHARS): string {
  const parts: string[] = [];
  let room = max;
  const emit = (text: string): boolean => {
    if (room <= 0) return false;
    const shown = text.length > room ? `${text.slice(0, room)}…` : text;
    parts.push(shown);
    room -= text.length;
    return room > 0;
  };
  const walk = (v: unknown, depth: number): boolean => {
    if (v === null) return emit("null");
    switch (typeof v) {
      case "string":
        return emit(JSON.stringify(v.length > room ? v.slice(0, room) : v));
      case "number":
      case "boolean":
      case "bigint":
        return emit(String(v));
      case "undefined":
        return emit("undefined");
      case "symbol":
      case "function":
        return emit(`a ${typeof v}`);
    }
    const isArray = Array.isArray(v);
    if (depth >= PREVIEW_DEPTH) return emit(isArray ? "[…]" : "{…}");
    if (!emit(isArray ? "[" : "{")) return false;
    const keys = isArray ? [] : Object.keys(v as object);
    const count = isArray ? (v as unknown[]).length : keys.length;
    for (let i = 0; i < count; i++) {
      if (i > 0 && !emit(", ")) return false;
      if (isArray) {
        if (!walk((v as unknown[])[i], depth + 1)) return false;
      } else {
        const key = keys[i]!;
        if (!emit(`${JSON.stringify(key.length > room ? key.slice(0, room) : key)}: `)) return false;
        if (!walk((v as Record<string, unknown>)[key], depth + 1)) return false;
      }
    }
    return emit(isArray ? "]" : "}");
  };
  walk(value, 0);
  return parts.join("");
}
