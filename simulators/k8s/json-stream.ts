/**
 * How kubectl tells JSON from YAML. Its decoder (apimachinery's YAMLOrJSONDecoder) sniffs the stream: one that
 * starts with `{` is read as JSON values one after another (`{...}{...}`, no `---` needed), with Go's JSON
 * semantics (tabs anywhere, a repeated key keeps its last value); as soon as a value is not JSON it reads the rest
 * as YAML, where JSON is flow-style YAML. This module finds the leading JSON values of a file and the top-level
 * keys of flow-style documents, by scanning brackets and strings once: linear, and never recursive.
 */

/** A top-level JSON value of a stream: where it is in the file, and what it holds. */
export interface JsonSegment {
  start: number;
  end: number;
  value: unknown;
}

/** Past this many values a stream is read as one YAML text again, so a hostile file stays bounded. */
const MAX_SEGMENTS = 10_000;
/** Flow documents whose keys are looked into before a file is judged not a manifest; real files have a few. */
const MAX_LOOKS = 100;

function isSpace(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r";
}

/**
 * End (exclusive) of the balanced `{...}` or `[...]` starting at `start`, JSON strings skipped; -1 when it never
 * closes. `quotes` also skips single-quoted YAML scalars, for flow-style YAML.
 */
export function balancedEnd(text: string, start: number, quotes: "json" | "yaml" = "json"): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    } else if (c === "'" && quotes === "yaml") {
      i++;
      // YAML escapes a quote inside single quotes by doubling it: the scan just passes over both.
      while (i < text.length && text[i] !== "'") i++;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // Not JSON (or nested past what the engine parses): kubectl reads it as YAML from here on.
    return { ok: false };
  }
}

/**
 * The JSON values a stream starts with, as kubectl's decoder reads them; `rest` is where the YAML part begins
 * (the text's length when there is none). A stream that does not start with `{`, or whose first value is not
 * JSON, has no JSON values: kubectl reads all of it as YAML.
 * @example jsonStream('{"a":1}\n{"b":2}\n').values.length // 2
 */
export function jsonStream(text: string): { values: JsonSegment[]; rest: number } {
  const values: JsonSegment[] = [];
  let i = 0;
  while (i < text.length && isSpace(text[i])) i++;
  while (text[i] === "{" && values.length < MAX_SEGMENTS) {
    const end = balancedEnd(text, i);
    if (end < 0) break;
    const parsed = parseJson(text.slice(i, end));
    if (!parsed.ok) break;
    values.push({ start: i, end, value: parsed.value });
    i = end;
    while (i < text.length && isSpace(text[i])) i++;
  }
  return { values, rest: values.length === 0 ? 0 : i };
}

/**
 * Whether some flow-style document (`{apiVersion: v1, kind: Pod}` or its JSON form) has top-level keys
 * `apiVersion` and `kind`; `either` accepts one of them. Only a document whose first character opens a mapping is
 * looked into, and only keys at its top level count.
 */
export function flowHasTypeKeys(text: string, either = false): boolean {
  // A document starts at the top of the file or at the start of a line (after `---` or another document): an
  // indented `{` is inside a document, and looking into each of those would make the scan quadratic.
  let looked = 0;
  for (const m of text.matchAll(/^[ \t\r\n]*\{|\n\{/g)) {
    if (++looked > MAX_LOOKS) return false;
    const open = m.index + m[0].length - 1;
    const keys = topLevelKeys(text, open);
    if (either ? keys.has("apiVersion") || keys.has("kind") : keys.has("apiVersion") && keys.has("kind")) return true;
  }
  return false;
}

/** The keys of the flow mapping opening at `open`, at its own level only. */
function topLevelKeys(text: string, open: number): Set<string> {
  const keys = new Set<string>();
  let depth = 0;
  let expectKey = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === "{" || c === "[") {
      depth++;
      expectKey = depth === 1;
    } else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) break;
    } else if (c === ",") {
      expectKey = depth === 1;
    } else if (c === '"' || c === "'") {
      const from = i + 1;
      i++;
      while (i < text.length && text[i] !== c) i += c === '"' && text[i] === "\\" ? 2 : 1;
      if (expectKey) keys.add(text.slice(from, i));
      expectKey = false;
    } else if (expectKey && /[A-Za-z_]/.test(c)) {
      // A plain key (flow YAML): up to the `:` that ends it.
      const from = i;
      while (i < text.length && /[\w.\-/]/.test(text[i]!)) i++;
      keys.add(text.slice(from, i));
      expectKey = false;
      i--;
    } else if (!isSpace(c) && c !== ":") {
      expectKey = false;
    }
  }
  return keys;
}
