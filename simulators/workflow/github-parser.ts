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

function gitHubErrors(source: WorkflowSource): { errors: GitHubError[]; schemaErrors: number } {
  const context = new TemplateContext(new TemplateValidationErrors(), workflowSchema(), new NoOperationTraceWriter());
  const fileId = context.getFileId(source.file);
  const reader = new YamlObjectReader(fileId, source.text);
  if (reader.errors.length > 0) {
    return { errors: reader.errors.map((e) => ({ message: e.message, position: positionOf(undefined, e.range) })), schemaErrors: reader.errors.length };
  }
  const root = readTemplate(context, WORKFLOW_ROOT, reader, fileId);
  const schemaErrors = context.errors.count;
  if (root) convertRoot(context, root);
  const errors = context.errors.getErrors().map((e) => ({ message: expressionMessage(e.rawMessage, source, e.range), position: positionOf(e.prefix, e.range) }));
  return { errors, schemaErrors };
}

/**
 * GitHub's parser over a file whose YAML is readable (the YAML reader in source.ts has already refused alias
 * bombs, over-deep nesting and oversized files, which the parser itself would expand or recurse into).
 * A conversion error at the place of a schema error is the same problem seen again (`Unexpected type
 * 'StringToken'` after `Unexpected value 'maybe'`, an `if:` whose expression was refused read once more) and
 * is left out; every other error is kept, so a file lists all of its independent problems as GitHub's
 * annotation does.
 */
export function readWithGitHubParser(source: WorkflowSource): readonly ParseFinding[] {
  let findings = readings.get(source);
  if (findings === undefined) {
    findings = gitHubFindings(source);
    readings.set(source, findings);
  }
  return findings;
}

/**
 * Findings by source: a source is shared by content (readWorkflowSource), so an unchanged file is read by
 * GitHub's parser once, not once per simulation. Findings are read, never changed.
 */
const readings = new WeakMap<WorkflowSource, readonly ParseFinding[]>();

function gitHubFindings(source: WorkflowSource): ParseFinding[] {
  const { errors, schemaErrors } = gitHubErrors(source);
  const places = placesOf(source);
  const findings: ParseFinding[] = [];
  const schemaAt = new Set<string>();
  const seen = new Set<string>();
  errors.forEach((error, index) => {
    const position = error.position;
    const id = `${position.line}:${position.column}`;
    if (index < schemaErrors) schemaAt.add(id);
    else if (schemaAt.has(id)) return;
    if (seen.has(`${id}:${error.message}`) || isMissingTriggers(error.message, places.get(id))) return;
    seen.add(`${id}:${error.message}`);
    findings.push({ category: categoryOf(error.message, places.get(id)), position, message: error.message });
  });
  return findings;
}
