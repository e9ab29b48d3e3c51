/**
 * A workflow file as YAML with positions: the parsed document, a line counter, and small helpers to read
 * mappings, sequences and scalars without ever throwing. Everything the parse and run stages know about a
 * file's layout comes through here.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import type { Document, Node, Pair, Scalar, YAMLMap, YAMLSeq } from "yaml";
import { memoByContent } from "../parse-cache.js";

/** Aliases an anchor may be expanded into before the file counts as an alias bomb. */
const MAX_ALIAS_COUNT = 200;

/** GitHub does not start runs for a workflow file over 500 KB (docs.github.com, Actions limits). */
export const MAX_WORKFLOW_BYTES = 512_000;

export interface Position {
  line: number;
  column: number;
}

/** A YAML problem found while reading the file, before any GitHub schema applies. */
export interface YamlProblem {
  position: Position;
  message: string;
}

export interface WorkflowSource {
  file: string;
  text: string;
  doc: Document.Parsed | null;
  lines: LineCounter;
  /** The root mapping, or null when the file is not one. */
  root: YAMLMap | null;
  problems: YamlProblem[];
}

/**
 * Parses a workflow file. Syntax errors, alias bombs, over-deep nesting and a non-mapping root become
 * problems; the function itself never throws. Parses are shared by file and content (the workflow and
 * pipeline simulators both read each workflow, and most files are unchanged from one step to the next):
 * a source is read, never changed.
 */
export function readWorkflowSource(file: string, text: string): WorkflowSource {
  return cachedSource(`${file}\n${text}`);
}

// Charged 100 bytes per character: the YAML document with GitHub's reading of it measured 42 to 80 (scripts/parse-memory.ts).
const cachedSource = memoByContent((key) => {
  const cut = key.indexOf("\n");
  return parseWorkflowSource(key.slice(0, cut), key.slice(cut + 1));
}, { name: "workflows", expansion: 100 });

function parseWorkflowSource(file: string, text: string): WorkflowSource {
  const lines = new LineCounter();
  const source: WorkflowSource = { file, text, doc: null, lines, root: null, problems: [] };
  if (Buffer.byteLength(text, "utf8") > MAX_WORKFLOW_BYTES) {
    source.problems.push({ position: { line: 1, column: 1 }, message: "Workflow file exceeds the maximum allowed size of 500 KB" });
    return source;
  }
  try {
    // Duplicate keys are checked by the schema reader (case-insensitively, as GitHub does), not here.
    // Source tokens are kept for GitHub's reader, which reads a block scalar's indicators from them (github-parser.ts).
    // Errors only are logged: the package would print a warning to stderr for a mapping used as a key
    // (`{{ secrets.X }}`, an expression without its `$`), which is the rules' to report, not the process's.
    const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false, strict: false, keepSourceTokens: true, logLevel: "error" });
    source.doc = doc;
    const seen = new Set<string>();
    for (const error of doc.errors) {
      const problem = { position: positionAt(lines, error.pos[0]), message: yamlMessage(error.message) };
      const key = `${problem.position.line}:${problem.message}`;
      if (!seen.has(key)) source.problems.push(problem);
      seen.add(key);
    }
    if (doc.errors.length > 0) return source;
    // Expanding with a bounded alias count is what rejects a billion-laughs document.
    doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    if (isMap(doc.contents)) source.root = doc.contents;
    else if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
      source.problems.push({ position: { line: 1, column: 1 }, message: "Required property is missing: jobs" });
    } else {
      source.problems.push({ position: nodePosition(lines, doc.contents), message: "Expected a mapping at the root of the workflow file" });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    source.root = null;
    source.problems.push({
      position: { line: 1, column: 1 },
      message: /alias/i.test(message)
        ? "Maximum object size exceeded: the document expands too many aliases"
        : /call stack/i.test(message)
          ? "Maximum object depth exceeded"
          : message,
    });
  }
  return source;
}

/** GitHub's YAML errors start upper-case and end with a full stop; the yaml package's do not always. */
function yamlMessage(message: string): string {
  if (/call stack/i.test(message)) return "Maximum object depth exceeded";
  const first = message.split("\n")[0]?.trim() ?? message;
  const text = first.charAt(0).toUpperCase() + first.slice(1);
  return text.endsWith(".") ? text : `${text}.`;
}

export function positionAt(lines: LineCounter, offset: number): Position {
  const pos = lines.linePos(Math.max(0, offset));
  return { line: pos.line, column: pos.col };
}

/** Where a node starts (for a mapping: its first key, as GitHub reports it). */
export function nodePosition(lines: LineCounter, node: unknown): Position {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? positionAt(lines, range[0]) : { line: 1, column: 1 };
}

/** Follows an alias to its anchored node; other nodes pass through. */
export function resolved(node: unknown, doc: Document.Parsed | null): unknown {
  if (isAlias(node) && doc) {
    try {
      return node.resolve(doc) ?? null;
    } catch {
      return null;
    }
  }
  return node;
}

export function asMap(node: unknown): YAMLMap | null {
  return isMap(node) ? node : null;
}

export function asSeq(node: unknown): YAMLSeq | null {
  return isSeq(node) ? node : null;
}

export function asScalar(node: unknown): Scalar | null {
  return isScalar(node) ? node : null;
}

/** The text of a key or scalar node ("" for anything else). */
export function scalarText(node: unknown): string {
  if (isScalar(node)) return node.value === null || node.value === undefined ? "" : String(node.value);
  return "";
}

/** The pairs of a mapping, each key as text, aliases resolved in values. */
export function entries(map: YAMLMap | null, doc: Document.Parsed | null): { key: string; keyNode: Node | null; value: unknown; pair: Pair }[] {
  if (!map) return [];
  const out: { key: string; keyNode: Node | null; value: unknown; pair: Pair }[] = [];
  for (const pair of map.items) {
    if (!isPair(pair)) continue;
    const keyNode = (resolved(pair.key, doc) as Node | null) ?? null;
    out.push({ key: scalarText(keyNode), keyNode, value: resolved(pair.value, doc), pair });
  }
  return out;
}

/** The value under `key` in a mapping (first match), aliases resolved. */
export function get(map: YAMLMap | null, key: string, doc: Document.Parsed | null): unknown {
  for (const e of entries(map, doc)) if (e.key === key) return e.value;
  return undefined;
}

/** The key node of `key` in a mapping, for positions. */
export function keyNode(map: YAMLMap | null, key: string, doc: Document.Parsed | null): Node | null {
  for (const e of entries(map, doc)) if (e.key === key) return e.keyNode;
  return null;
}

/** The items of a sequence, aliases resolved. */
export function items(seq: YAMLSeq | null, doc: Document.Parsed | null): unknown[] {
  return seq ? seq.items.map((item) => resolved(item, doc)) : [];
}

/** A scalar or a sequence of scalars as strings (GitHub's "string or sequence of strings" fields). */
export function stringList(node: unknown, doc: Document.Parsed | null): string[] {
  if (isScalar(node)) return node.value === null ? [] : [String(node.value)];
  if (isSeq(node)) return items(node, doc).map(scalarText).filter((s) => s !== "");
  return [];
}
