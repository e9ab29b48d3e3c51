/**
 * The parse stage by GitHub's own workflow parser (@actions/workflow-parser, the one behind GitHub's editor
 * support): its template reader checks the file against GitHub's workflow schema (keys, values, expressions
 * and the contexts available where they stand), and its converter adds the semantic checks of the workflow
 * model (job and step ids, `needs`, dispatch and call inputs, containers, cron). Each of its errors keeps
 * GitHub's message and position; this module only says which breakfix category (and so which rule) it
 * belongs to, from the message and from where in the file it stands.
 */
import { convertConcurrency } from "@actions/workflow-parser/model/converter/concurrency";
import { convertOn } from "@actions/workflow-parser/model/converter/events";
import { handleTemplateTokenErrors } from "@actions/workflow-parser/model/converter/handle-errors";
import { convertJobs } from "@actions/workflow-parser/model/converter/jobs";
import { TemplateContext, TemplateValidationErrors } from "@actions/workflow-parser/templates/template-context";
import { readTemplate } from "@actions/workflow-parser/templates/template-reader";
import type { TemplateToken } from "@actions/workflow-parser/templates/tokens/template-token";
import { isMapping } from "@actions/workflow-parser/templates/tokens/type-guards";
import { NoOperationTraceWriter } from "@actions/workflow-parser/templates/trace-writer";
import { WORKFLOW_ROOT } from "@actions/workflow-parser/workflows/workflow-constants";
import { YamlObjectReader } from "@actions/workflow-parser/workflows/yaml-object-reader";
import { isMap, isPair, isScalar, isSeq } from "yaml";
import type { ParseCategory, ParseFinding } from "./events.js";
import { workflowSchema } from "./github-schema.js";
import { positionAt } from "./source.js";
import type { Position, WorkflowSource } from "./source.js";

/** A segment of a node's path from the root: a mapping key or a sequence index. */
type Segment = string | number;

interface Place {
  path: readonly Segment[];
  /** The node is a mapping key (not the value under it). */
  key: boolean;
}

/**
 * Every node's place by where it starts. A mapping starts where its first key does; the walk is pre-order and
 * keeps the first place recorded, so a position shared by a mapping and its first key is the mapping's.
 */
function placesOf(source: WorkflowSource): Map<string, Place> {
  const places = new Map<string, Place>();
  const record = (node: unknown, place: Place): void => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    if (!range) return;
    const at = positionAt(source.lines, range[0]);
    const id = `${at.line}:${at.column}`;
    if (!places.has(id)) places.set(id, place);
  };
  const walk = (node: unknown, path: readonly Segment[], depth: number): void => {
    if (depth > 64) return;
    record(node, { path, key: false });
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? String(pair.key.value) : "";
        const inner = [...path, key];
        record(pair.key, { path: inner, key: true });
        walk(pair.value, inner, depth + 1);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => walk(item, [...path, i], depth + 1));
    }
  };
  if (source.doc) walk(source.doc.contents, [], 0);
  return places;
}

/** Under `on`: the event names themselves are the trigger rule's; what an event is configured with, the filter rule's. */
function triggerCategory(place: Place): ParseCategory {
  const { path } = place;
  if (path.length === 1 || typeof path[1] === "number" || (path.length === 2 && place.key)) return "trigger";
  return "filter";
}

const STEP_KIND_MESSAGE = /^(There's not enough info to determine what you meant|Required property is missing: (run|uses)$|Unexpected value '(run|uses)'$)/;

/** The category of one of the parser's errors, from its message and where it stands. */
function categoryOf(message: string, place: Place | undefined): ParseCategory {
  if (/ is already defined$/.test(message)) return "duplicate-key";
  if (/^The identifier '.*' (is invalid|may not be used more than once)/.test(message)) return "invalid-identifier";
  if (/^Job '.*' depends on (unknown )?job '|^The workflow must contain at least one job with no dependencies\./.test(message)) return "job-needs";
  if (/^Unrecognized named-value: /.test(message)) return "expression-context";
  if (/Located at position \d+ within expression: |^The expression is not closed\.|^An expression was expected$|^The directive '/.test(message)) return "expression-syntax";
  if (message === "Required property is missing: runs-on") return "runs-on";
  const path = place?.path ?? [];
  const inJob = path[0] === "jobs" && path.length >= 2;
  if (path[0] === "on") return triggerCategory(place!);
  if (path[0] === "permissions" || (inJob && path[2] === "permissions")) return "permissions";
  if (inJob && path[2] === "steps" && typeof path[3] === "number" && STEP_KIND_MESSAGE.test(message)) return "step-kind";
  return "schema";
}

/**
 * A missing or empty `on`: GitHub's server answers it before the schema does, with the one message GHA002
 * gives ("No event triggers defined in `on`"), so the schema's own words for it are not repeated.
 */
function isMissingTriggers(message: string, place: Place | undefined): boolean {
  if (message === "Required property is missing: on") return true;
  return message === "Unexpected value ''" && place !== undefined && place.path.length === 1 && place.path[0] === "on" && !place.key;
}

/** The place GitHub's annotation names: the token's `(Line, Col)` in the error's prefix, else its range's start. */
function positionOf(prefix: string | undefined, range: Range | undefined): Position {
  const named = /\(Line: (\d+), Col: (\d+)\)$/.exec(prefix ?? "");
  if (named) return { line: Number(named[1]), column: Number(named[2]) };
  return range ? { line: range.start.line, column: range.start.column } : { line: 1, column: 1 };
}

interface Range {
  start: Position;
  end: Position;
}

/** The text of the file between two positions (1-based lines and columns). */
function textAt(source: WorkflowSource, range: Range): string {
  const offset = (p: Position): number => (source.lines.lineStarts[p.line - 1] ?? source.text.length) + p.column - 1;
  return source.text.slice(offset(range.start), offset(range.end));
}

/**
 * GitHub's annotation of an expression error ends by naming the expression and where in it the parser
 * stopped (`Unrecognized named-value: 'secretz'. Located at position 1 within expression: secretz.X`); the
 * editor parser gives the range of the expression instead, from which the same text is built.
 */
function expressionMessage(message: string, source: WorkflowSource, range: Range | undefined): string {
  const token = /^(Unrecognized named-value|Unrecognized function|Unexpected symbol|Unexpected end of expression|Too (few|many) parameters supplied|Even number of parameters supplied[^:]*): '(.*)'$/.exec(message);
  if (!token || !range) return message;
  const written = textAt(source, range).trim();
  const expression = (written.startsWith("${{") && written.endsWith("}}") ? written.slice(3, -2) : written).trim();
  const lexeme = token[3]!;
  const at = token[1] === "Unexpected end of expression" ? expression.lastIndexOf(lexeme) : expression.indexOf(lexeme);
  return at < 0 || expression.includes("\n") ? message : `${message}. Located at position ${at + 1} within expression: ${expression}`;
}

/**
 * The workflow model's checks, as GitHub's converter runs them on the root's `on`, `jobs` and `concurrency`
 * (ids, needs, inputs, containers, cron, runs-on groups). No reusable workflow is fetched.
 */
function convertRoot(context: TemplateContext, root: TemplateToken): void {
  if (!isMapping(root)) return;
  for (const item of root) {
    const key = item.key.toString();
    const convert = key === "on" ? convertOn : key === "jobs" ? convertJobs : key === "concurrency" ? convertConcurrency : null;
    if (convert) handleTemplateTokenErrors(root, context, undefined, () => convert(context, item.value));
  }
}

/** GitHub's template errors, then its converter's, each with GitHub's message and range, in that order. */
interface GitHubError {
  message: string;
  position: Position;
}

/**
 * GitHub's YAML reader over the document source.ts parsed already, instead of its parsing the text again (the
 * reader's construction is its parse, ~40% of GitHub's whole reading of a file). Only for a document that
 * parsed with no error and no warning: the reader's own parse is strict, and its errors read as GitHub's, so a
 * document with anything to say is read by GitHub's reader from the text, as GitHub would.
 */
function readerOf(source: WorkflowSource, fileId: number, share: boolean): YamlObjectReader {
  const doc = source.doc;
  if (!share || doc === null || doc.errors.length > 0 || doc.warnings.length > 0) return new YamlObjectReader(fileId, source.text);
  // The reader's fields, as its constructor sets them from its parse (the shared-reader test holds the two readings equal).
  const reader = Object.create(YamlObjectReader.prototype) as { getNodes(node: unknown, stack: Set<unknown>): Generator };
  Object.assign(reader, { lineCounter: source.lines, errors: [], doc, fileId, _generator: reader.getNodes(doc, new Set()) });
  return reader as unknown as YamlObjectReader;
}

function gitHubErrors(source: WorkflowSource, share = true): { errors: GitHubError[]; schemaErrors: number } {
  const context = new TemplateContext(new TemplateValidationErrors(), workflowSchema(), new NoOperationTraceWriter());
  const fileId = context.getFileId(source.file);
  const reader = readerOf(source, fileId, share);
  if (reader.errors.length > 0) {
    return { errors: reader.errors.map((e) => ({ message: e.message, position: positionOf(undefined, e.range) })), schemaErrors: reader.errors.length };
  }
  const root = readTemplate(context, WORKFLOW_ROOT, reader, fileId);
  const schemaErrors = context.errors.count;
  if (root) convertRoot(context, root);
  const errors = context.errors.getErrors().map((e) => ({ message: expressionMessage(e.rawMessage, source, e.range), position: positionOf(e.prefix, e.range) }));
  return { errors, schemaErrors };
}

/** A value of the wrong type stopped the converter inside a job: it throws, and the job is left out of the model. */
const CONVERSION_STOPPED = /^Unexpected type '.*' encountered while reading /;

/** The jobs the converter gave up on (the place of each thrown error names its job). */
function unconvertedJobs(conversionErrors: readonly GitHubError[], places: ReadonlyMap<string, Place>): Set<string> {
  const jobs = new Set<string>();
  for (const e of conversionErrors) {
    const path = places.get(`${e.position.line}:${e.position.column}`)?.path ?? [];
    if (CONVERSION_STOPPED.test(e.message) && path[0] === "jobs" && typeof path[1] === "string") jobs.add(path[1]);
  }
  return jobs;
}

/**
 * The `needs` checks run on the jobs the converter kept, so a job it gave up on reads as missing: "at least one
 * job with no dependencies" when every root job was left out, "depends on unknown job" for one that was. Both
 * are the conversion error seen again.
 */
function echoesUnconverted(message: string, unconverted: ReadonlySet<string>): boolean {
  if (unconverted.size === 0) return false;
  if (message === "The workflow must contain at least one job with no dependencies.") return true;
  const unknown = /^Job '.*' depends on unknown job '(.*)'\.$/.exec(message);
  return unknown !== null && unconverted.has(unknown[1]!);
}

/**
 * GitHub's parser over a file whose YAML is readable (the YAML reader in source.ts has already refused alias
 * bombs, over-deep nesting and oversized files, which the parser itself would expand or recurse into).
 * A conversion error at the place of a schema error is the same problem seen again (`Unexpected type
 * 'StringToken'` after `Unexpected value 'maybe'`, an `if:` whose expression was refused read once more) and
 * is left out; every other error is kept, so a file lists all of its independent problems as GitHub's
 * annotation does.
 */
export function readWithGitHubParser(source: WorkflowSource): ParseFinding[] {
  // Sources are cached per (file, text) and never changed (source.ts), so GitHub's reading of one is done once:
  // most steps leave most workflows as they were. Callers get their own copies of the findings.
  let findings = findingsBySource.get(source);
  if (findings === undefined) findingsBySource.set(source, (findings = readUncached(source)));
  return findings.map((finding) => ({ ...finding }));
}

const findingsBySource = new WeakMap<WorkflowSource, ParseFinding[]>();

/** GitHub's reading of `source`; `share`: over source.ts's parse where it can (false: GitHub's reader parses the text itself). */
export function readUncached(source: WorkflowSource, share = true): ParseFinding[] {
  const { errors, schemaErrors } = gitHubErrors(source, share);
  const places = placesOf(source);
  const unconverted = unconvertedJobs(errors.slice(schemaErrors), places);
  const findings: ParseFinding[] = [];
  const schemaAt = new Set<string>();
  const seen = new Set<string>();
  errors.forEach((error, index) => {
    const position = error.position;
    const id = `${position.line}:${position.column}`;
    if (index < schemaErrors) schemaAt.add(id);
    else if (schemaAt.has(id)) return;
    if (seen.has(`${id}:${error.message}`) || isMissingTriggers(error.message, places.get(id)) || echoesUnconverted(error.message, unconverted)) return;
    seen.add(`${id}:${error.message}`);
    findings.push({ category: categoryOf(error.message, places.get(id)), position, message: error.message });
  });
  return findings;
}
