/**
 * Hostile values for the fuzzer: the strings, numbers, keys and shapes that have broken servers like this
 * one (prototype keys, traversal, lone surrogates, glob and regex syntax, numbers past 2^53, megabyte
 * strings, thousands of nested brackets), mixed with plausible ones drawn from the scenarios' own files so
 * that some inputs get past validation and reach the episode engine and the simulators.
 */
import fc from "fast-check";
import { loadCatalog } from "../../tasks/catalog.js";

/** Strings that are special to JavaScript objects, paths, YAML, shells, globs, regexes or JSON. */
export const NASTY_STRINGS = [
  "",
  " ",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "../../etc/passwd",
  "/etc/passwd",
  "C:\\Windows",
  "..",
  ".",
  "./",
  "a/../../b",
  "\u0000",
  "\uD800",
  "\uFFFF",
  "\u202E",
  "💥",
  "%00",
  "%2e%2e%2f",
  "<script>alert(1)</script>",
  "${{ secrets.GITHUB_TOKEN }}",
  "$(rm -rf /)",
  "'; DROP TABLE x; --",
  "\n",
  "\r\n",
  "\t",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "[z-a]",
  "*a*a*a*a*a*a*b",
  "a[",
  "**/*",
  "\\",
  '"',
  "{}",
  "[]",
  "&anchor",
  "*alias",
  "!!binary",
  "---",
  "...",
  "~",
] as const;

/** Numbers at and past every boundary the server checks (JSON has no NaN or Infinity). */
export const NASTY_NUMBERS = [
  0, -0, 1, -1, 1.5, 2, 3, 10, 2 ** 31, 2 ** 32, 2 ** 53, 9007199254740992, 1e308, -1e308, 5e-324, 1_000_000, 1_000_001, 20_000, 20_001,
  Number.MAX_SAFE_INTEGER,
] as const;

/** Placeholder strings that become raw text after JSON.stringify: nesting no JSON.stringify of a built value should carry. */
export const DEEP_MARKER = (depth: number, shape: "array" | "object"): string => `@@DEEP:${shape}:${depth}@@`;

/** Replaces every deep marker in JSON text with that many nested brackets. */
export function expandMarkers(json: string): string {
  return json.replace(/"@@DEEP:(array|object):(\d+)@@"/g, (_m, shape: string, depth: string) => {
    const n = Number(depth);
    return shape === "array" ? "[".repeat(n) + "]".repeat(n) : '{"a":'.repeat(n) + "1" + "}".repeat(n);
  });
}

const catalog = loadCatalog();

/** Every file path and line in the scenarios: edits that can match, paths that exist. */
export const SCENARIO_PATHS: readonly string[] = [...new Set(catalog.scenarios.flatMap((s) => Object.keys(s.files)))].sort();
export const SCENARIO_LINES: readonly string[] = [
  ...new Set(
    catalog.scenarios.flatMap((s) =>
      Object.values(s.files).flatMap((f) => (typeof f === "string" ? f : f.content).split("\n").filter((l) => l.trim() !== "")),
    ),
  ),
].sort();
export const SCENARIO_IDS: readonly string[] = catalog.scenarios.map((s) => s.id);
export const TASK_IDS: readonly string[] = catalog.tasks.map((t) => t.task_id);

/** A string: nasty, random, a scenario line, a long run of one character, or (rarely) a huge one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 60 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 40 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 20 }), weight: 20 },
  { arbitrary: fc.constantFrom(...SCENARIO_LINES), weight: 30 },
  { arbitrary: fc.tuple(fc.constantFrom("a", "\n", " ", "a\n", "*", "[", "-"), fc.integer({ min: 100, max: 5_000 })).map(([c, n]) => c.repeat(n)), weight: 10 },
  { arbitrary: fc.tuple(fc.constantFrom("x", "\n", "ab\n"), fc.integer({ min: 100_000, max: 400_000 })).map(([c, n]) => c.repeat(Math.ceil(n / c.length))), weight: 2 },
);

/** A number from the boundaries, or any integer or double JSON can carry. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 4 },
  { arbitrary: fc.integer(), weight: 2 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);

/** A key for an object: nasty, short random, or a field name some schema knows. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "toString", "valueOf", "prototype", "", " ", "a".repeat(300)),
  fc.constantFrom("action_type", "type", "data", "episode_id", "scenario_id", "task_id", "seed", "file_path", "edits", "jsonrpc", "method", "params", "id"),
  fc.string({ maxLength: 12 }),
);

/** Any value at all: primitives, hostile strings and numbers, objects with hostile keys, deep markers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: hostileString, weight: 10 },
    { arbitrary: hostileNumber, weight: 6 },
    { arbitrary: fc.constantFrom(true, false, null), weight: 4 },
    { arbitrary: fc.array(tie("value"), { maxLength: 4 }), weight: 2 },
    { arbitrary: fc.dictionary(hostileKey, tie("value"), { maxKeys: 4 }), weight: 2 },
    { arbitrary: fc.constant({ toString: "x", valueOf: 1 }), weight: 2 },
    { arbitrary: fc.tuple(fc.integer({ min: 60, max: 6_000 }), fc.constantFrom("array" as const, "object" as const)).map(([d, s]) => DEEP_MARKER(d, s)), weight: 1 },
  ),
})).value;

/** Mostly `valid`, sometimes any hostile value in its place. */
export const usually = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<T | unknown> =>
  fc.oneof({ arbitrary: valid, weight: 9 }, { arbitrary: hostileValue, weight: 1 });

/** An object of `fields`, each present or not, plus (sometimes) unknown or prototype keys. */
export function looseRecord(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(fields);
  return fc
    .tuple(
      // fast-check's option gives nil once in `freq`: fields are mostly there, unknown keys mostly not.
      fc.tuple(...entries.map(([, arb]) => fc.option(arb, { nil: undefined, freq: 10 }))),
      fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }), weight: 1 }),
    )
    .map(([values, extra]) => {
      // Built with defineProperty so that a generated `__proto__` key is a key, as JSON.parse makes it.
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(extra ?? {})) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      entries.forEach(([key], i) => {
        if (values[i] !== undefined) Object.defineProperty(out, key, { value: values[i], enumerable: true, writable: true, configurable: true });
      });
      return out;
    });
}
