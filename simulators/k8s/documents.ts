/**
 * Splits a manifest file into documents the way kubectl's decoder does, with positions. A file that starts with
 * `{` is a JSON stream first (`{...}{...}`, Go's JSON rules) and YAML from the first value that is not JSON;
 * any other file is YAML, where JSON is flow style. A document with `items` is a List, read into its items.
 * Parsing is tolerant and bounded: a malformed, hostile or huge file yields a problem to report, never an
 * exception.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node, type SchemaOptions } from "yaml";
import { memoByContent } from "../parse-cache.js";
import { goJsonError, goOffset } from "./go-json.js";
import { jsonStream } from "./json-stream.js";
import { readList, type ListItem } from "./lists.js";
import { isObject } from "./object.js";
import { goYamlDetail } from "./yaml-errors.js";

/** Alias expansions allowed per document: real manifests use a handful, an alias bomb uses millions. */
export const MAX_ALIAS_COUNT = 100;

/** The API server refuses request bodies above 3 MiB, whatever they hold. */
export const MAX_REQUEST_BYTES = 3 * 1024 * 1024;

const MAX_DEPTH = "exceeded max depth of 10000";

/** One document of a manifest file: parsed, or the reason it could not be. */
export interface ManifestDocument {
  index: number;
  /** 1-based line where the document's content starts. */
  line: number;
  doc: Document.Parsed | null;
  /** The document as plain data; undefined when it could not be parsed. */
  value: unknown;
  /** A List's objects, when the document is one (it has `items`). */
  items?: readonly ListItem[];
  /** Why the document could not be read, in go-yaml's words, and where. */
  problem?: { line: number; column: number; detail: string; /** The whole message, when not a YAML error. */ message?: string };
}

export interface ManifestFile {
  path: string;
  lineCounter: LineCounter;
  documents: ManifestDocument[];
}

/**
 * Splits one file into documents; empty and comment-only documents are dropped, as kubectl drops them.
 * Parses are shared by path and content (the cluster and the pipeline both read each manifest, and most files
 * are unchanged from one step to the next): a parsed file is read, never changed.
 */
export function parseManifestFile(p: string, content: string): ManifestFile {
  return cachedManifest(`${p}\n${content}`);
}

// Charged 45 bytes per character: a manifest's parse with its decoded objects measured 21 to 35 (scripts/parse-memory.ts).
const cachedManifest = memoByContent((key) => {
  const cut = key.indexOf("\n");
  return parseManifest(key.slice(0, cut), key.slice(cut + 1));
}, { name: "manifests", expansion: 45 });

/** Line starts of `content`, as the `yaml` parser records them. */
function linesOf(content: string): LineCounter {
  const counter = new LineCounter();
  counter.addNewLine(0);
  for (let i = content.indexOf("\n"); i >= 0; i = content.indexOf("\n", i + 1)) counter.addNewLine(i + 1);
  return counter;
}

/** Moves every position of a document parsed from a slice of the file by `by`, so they are the file's. */
function shift(doc: Document.Parsed, by: number): Document.Parsed {
  if (by === 0) return doc;
  const move = (r: [number, number, number] | null | undefined) => r && ([r[0] + by, r[1] + by, r[2] + by] as [number, number, number]);
  doc.range = move(doc.range)!;
  for (const e of doc.errors) e.pos = [e.pos[0] + by, e.pos[1] + by];
  // An explicit stack: nodes may nest far deeper than the call stack allows.
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isPair(node)) {
      stack.push(node.key, node.value);
      continue;
    }
    if (!isScalar(node) && !isMap(node) && !isSeq(node) && !isAlias(node)) continue;
    node.range = move(node.range);
    if (isMap(node) || isSeq(node)) stack.push(...node.items);
  }
  return doc;
}

/**
 * Plain scalars as go-yaml v2 (the YAML kubectl reads manifests with) resolves them where YAML 1.2 differs:
 * YAML 1.1's booleans (`stdin: yes`, `tty: on`, `automountServiceAccountToken: no` are booleans, and `value: yes`
 * in an env entry is a boolean the API server refuses for a string) and leading-zero octals (`defaultMode: 0644`
 * is 420). Ahead of the core schema's tags, so they win.
 */
const GO_YAML_BOOLEAN = /^(?:y|Y|yes|Yes|YES|true|True|TRUE|on|On|ON|n|N|no|No|NO|false|False|FALSE|off|Off|OFF)$/;
const GO_YAML_TRUE = /^(?:y|Y|yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
export const GO_YAML_SCALARS = (tags: Tags): Tags => [
  { identify: (v: unknown) => typeof v === "boolean", default: true, tag: "tag:yaml.org,2002:bool", test: GO_YAML_BOOLEAN, resolve: (s: string) => GO_YAML_TRUE.test(s) },
  { identify: (v: unknown) => typeof v === "number", default: true, tag: "tag:yaml.org,2002:int", test: /^[-+]?0[0-7]+$/, resolve: (s: string) => (s.startsWith("-") ? -1 : 1) * parseInt(s.replace(/^[-+]/, ""), 8) },
  ...tags,
];
type Tags = NonNullable<Exclude<SchemaOptions["customTags"], null | undefined | ((tags: never) => unknown)>>;

/** The YAML documents of `content` between `start` and `end`, positions in the whole file. */
function yamlDocuments(content: string, start: number, end = content.length): Document.Parsed[] {
  const text = start === 0 && end === content.length ? content : content.slice(start, end);
  // Errors only are logged: a mapping used as a key would have the package print a warning to stderr. kubectl's
  // go-yaml reads `<<: *anchor` merge keys (a YAML 1.1 feature) into the map; so do we.
  const result = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: false, logLevel: "error", merge: true, customTags: GO_YAML_SCALARS });
  return (Array.isArray(result) ? result : []).map((d) => shift(d, start));
}

function parseManifest(p: string, content: string): ManifestFile {
  const lineCounter = linesOf(content);
  const at = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    return { line: Math.max(1, pos.line), column: Math.max(1, pos.col) };
  };
  const refusal = (detail: string, message?: string): ManifestFile => ({ path: p, lineCounter, documents: [{ index: 0, line: 1, doc: null, value: undefined, problem: { line: 1, column: 1, detail, ...(message ? { message } : {}) } }] });
  // A single document above the API server's limit is refused before anything reads it: no need to parse it.
  if (content.length > MAX_REQUEST_BYTES && !/^---/m.test(content.slice(4))) {
    return refusal("request entity too large", `Error from server (RequestEntityTooLarge): error when creating "${p}": Request entity too large: limit is ${MAX_REQUEST_BYTES}`);
  }
  const documents: ManifestDocument[] = [];
  // Documents are numbered as parsed, empty ones included, so an object's index does not move when one is added.
  let parsed = 0;
  const add = (doc: Document.Parsed, json: { value: unknown } | null): void => {
    const index = parsed++;
    const line = at(doc.contents?.range?.[0] ?? doc.range[0]).line;
    const problem = (offset: number | undefined, detail: string, message?: string) =>
      documents.push({ index, line, doc, value: undefined, problem: { ...(offset === undefined ? { line, column: 1 } : at(offset)), detail, ...(message ? { message } : {}) } });
    // A JSON value was read by Go's rules (tabs anywhere, the last of a repeated key kept): YAML's errors do not apply.
    let value = json?.value;
    if (json === null) {
      const error = doc.errors[0];
      if (error) return void problem(error.pos[0], goYamlDetail(error));
      if (doc.contents === null) return;
      const bad = firstKeyProblem(doc);
      if (bad?.kind === "duplicate") return void problem(bad.offset, `key ${JSON.stringify(bad.key)} already set in map`);
      if (bad?.kind === "collection") {
        // go-yaml decodes into Go maps, whose keys cannot be maps or slices; the message has no line.
        const detail = `invalid map key: ${goValue(bad.key)}`;
        return void problem(bad.offset, detail, `error: error parsing ${p}: error converting YAML to JSON: yaml: ${detail}`);
      }
      try {
        value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
      } catch (e) {
        // Anchors belong to their document: an alias to one set in another (or nowhere) is go-yaml's unknown anchor, without a line.
        const unresolved = /^Unresolved alias[^:]*: (.*)$/.exec(e instanceof Error ? e.message : "");
        if (unresolved) {
          const detail = `unknown anchor '${unresolved[1]}' referenced`;
          return void problem(undefined, detail, `error: error parsing ${p}: error converting YAML to JSON: yaml: ${detail}`);
        }
        return void problem(undefined, e instanceof RangeError ? MAX_DEPTH : "document contains excessive aliasing");
      }
    }
    if (value === null || value === undefined) return;
    const list = isObject(value) ? readList(value, doc.contents as Node | null, p) : null;
    if (list && "problem" in list) return void problem(list.problem.offset ?? doc.range[0], "cannot decode list", list.problem.message);
    documents.push({ index, line, doc, value, ...(list ? { items: list.items } : {}) });
  };

  try {
    const stream = jsonStream(content);
    for (const segment of stream.values) add(yamlDocuments(content, segment.start, segment.end)[0]!, { value: segment.value });
    if (/\S/.test(content.slice(stream.rest))) {
      const jsonError = /^\s*\{/.test(content) ? goJsonError(content, stream.rest) : null;
      if (jsonError && stream.values.length >= 2) {
        // After two JSON values the stream is JSON for good: kubectl does not fall back to YAML.
        documents.push({ index: parsed++, line: at(jsonError.index).line, doc: null, value: undefined, problem: { ...at(jsonError.index), detail: jsonError.message, message: `error: error parsing ${p}: ${jsonError.message}` } });
      } else {
        const before = documents.length;
        for (const doc of yamlDocuments(content, stream.rest)) add(doc, null);
        // When YAML cannot read what JSON could not either, kubectl reports the JSON error.
        const first = documents[before];
        if (jsonError && first?.problem && first.problem.message === undefined) {
          const text = jsonError.syntax ? `json: offset ${goOffset(content, jsonError.index)}: ${jsonError.message}` : jsonError.message;
          first.problem = { ...at(jsonError.index), detail: jsonError.message, message: `error: error parsing ${p}: ${text}` };
        }
      }
    }
  } catch {
    // Only pathological input (nesting deeper than the stack) gets here.
    return refusal(MAX_DEPTH);
  }
  return { path: p, lineCounter, documents };
}

type KeyProblem = { kind: "duplicate"; key: string; offset: number } | { kind: "collection"; key: Node; offset: number };

/**
 * The first key repeated within one mapping, or used as a key while a mapping or a sequence (`password:
 * {{ secrets.X }}` is a mapping whose key is a mapping). The `yaml` package's own duplicate check is quadratic
 * in the size of a mapping (minutes on a 5 MB ConfigMap), so this one keeps a set per mapping and walks
 * without recursion.
 */
function firstKeyProblem(doc: Document.Parsed): KeyProblem | null {
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (isMap(pair.key) || isSeq(pair.key)) return { kind: "collection", key: innermostCollectionKey(pair.key), offset: pair.key.range?.[0] ?? 0 };
        const key = isScalar(pair.key) ? String(pair.key.value) : null;
        if (key !== null) {
          if (seen.has(key)) return { kind: "duplicate", key, offset: isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0 };
          seen.add(key);
        }
        stack.push(pair.value);
      }
    } else if (isSeq(node)) {
      stack.push(...node.items);
    } else if (isPair(node)) {
      stack.push(node.value);
    }
  }
  return null;
}

/** A collection used as a key is decoded key first, so go-yaml fails on the deepest one inside it. */
function innermostCollectionKey(key: Node): Node {
  let at = key;
  for (let depth = 0; depth < 100 && isMap(at); depth++) {
    const inner = at.items.find((pair) => isMap(pair.key) || isSeq(pair.key))?.key as Node | undefined;
    if (inner === undefined) break;
    at = inner;
  }
  return at;
}

/** A YAML node as Go's %#v prints the value go-yaml decodes it to (map keys sorted, as fmt sorts them). */
function goValue(node: unknown, depth = 0): string {
  if (depth > 20) return "...";
  if (isMap(node)) {
    const pairs = node.items.map((pair) => [goValue(pair.key, depth + 1), goValue(pair.value, depth + 1)] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[interface {}]interface {}{${pairs.map(([k, v]) => `${k}:${v}`).join(", ")}}`;
  }
  if (isSeq(node)) return `[]interface {}{${node.items.map((item) => goValue(item, depth + 1)).join(", ")}}`;
  const value = isScalar(node) ? node.value : node;
  if (value === null || value === undefined) return "interface {}(nil)";
  if (typeof value === "string") return JSON.stringify(value);
  return String(value);
}
