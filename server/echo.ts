/**
 * The `input` a validation error echoes, bounded. pydantic echoes the bad value whole; breakfix does too
 * while it is small, and beyond the echo bounds (contracts/limits.ts) cuts strings, keeps the first entries of arrays and objects and
 * stops descending, so an answer never grows with a hostile input (a megabyte string, a million-element
 * array, thousands of nested brackets) and never overflows the stack when serialised.
 */
import { MAX_ECHOED_CHARS, MAX_ECHOED_DEPTH, MAX_ECHOED_ENTRIES } from "../contracts/limits.js";
import { cut } from "../contracts/quote.js";

/**
 * `value` itself when it is within bounds, else a smaller copy of it (JSON data only: anything else becomes
 * a short description). Objects are rebuilt without a prototype, so a key like `__proto__` stays a key.
 * @example echo("x".repeat(10_000)) // the first 200 characters, then "… (10000 characters)"
 */
export function echo(value: unknown): unknown {
  return withinBounds(value, 0) ? value : pruned(value, 0);
}

function withinBounds(value: unknown, depth: number): boolean {
  if (typeof value === "string") return value.length <= MAX_ECHOED_CHARS;
  if (value === null || typeof value !== "object") return true;
  if (depth >= MAX_ECHOED_DEPTH) return false;
  if (Array.isArray(value)) return value.length <= MAX_ECHOED_ENTRIES && value.every((v) => withinBounds(v, depth + 1));
  const keys = Object.keys(value);
  return keys.length <= MAX_ECHOED_ENTRIES && keys.every((k) => k.length <= MAX_ECHOED_CHARS && withinBounds((value as Record<string, unknown>)[k], depth + 1));
}

function pruned(value: unknown, depth: number): unknown {
  if (typeof value === "string") return cut(value, MAX_ECHOED_CHARS);
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value !== "object") return `a ${typeof value}`;
  if (Array.isArray(value)) {
    if (depth >= MAX_ECHOED_DEPTH) return `… (an array of ${value.length} items)`;
    const kept = value.slice(0, MAX_ECHOED_ENTRIES).map((v) => pruned(v, depth + 1));
    return value.length > MAX_ECHOED_ENTRIES ? [...kept, `… (${value.length - MAX_ECHOED_ENTRIES} more items)`] : kept;
  }
  const keys = Object.keys(value);
  if (depth >= MAX_ECHOED_DEPTH) return `… (an object with ${keys.length} keys)`;
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of keys.slice(0, MAX_ECHOED_ENTRIES)) copy[cut(key, MAX_ECHOED_CHARS)] = pruned((value as Record<string, unknown>)[key], depth + 1);
  if (keys.length > MAX_ECHOED_ENTRIES) copy["…"] = `${keys.length - MAX_ECHOED_ENTRIES} more keys`;
  return copy;
}
