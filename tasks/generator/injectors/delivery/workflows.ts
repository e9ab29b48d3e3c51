/**
 * The delivery workflows of a repository as the pipeline injectors read them: each job's steps with the exact
 * text spans of their inputs, so that an injector can change one input line and write a repair on exactly
 * that text. Read with `yaml`'s source ranges; a workflow that does not parse (another fault broke it) is not
 * a place for a pipeline fault and is left out.
 */
import { isMap, isScalar, isSeq } from "yaml";
import { memoByContent } from "../../../../simulators/parse-cache.js";
import { cleanWorkflowDocument } from "../workflow-document.js";
import type { Node, YAMLMap } from "yaml";
import type { GenFile } from "../../injector.js";

/** Where a workflow builds an image: docker/build-push-action, `docker build`, `docker buildx build`. */
const BUILDS_AN_IMAGE = /docker\/build-push-action@|\bdocker\s+(?:buildx\s+)?build\b/;

/** Character offsets [start, end) in a file's content. */
export type Span = readonly [number, number];

/** One `key: value` of a step (an input under `with:`, or a key of the step itself), as whole lines. */
export interface Entry {
  key: string;
  /** The value as YAML reads it (a block scalar's lines joined by newlines). */
  value: string;
  /** From the start of the key's line to the end of the value's last line, newline included. */
  span: Span;
  /** The indentation of the key. */
  indent: string;
}

export interface Step {
  job: string;
  /** Position among the job's steps. */
  index: number;
  /** From the start of the step's `- ` line to the end of its last line. */
  span: Span;
  /** The action without its ref, lowercased (`docker/build-push-action`), or null for a run step. */
  uses: string | null;
  id: string | null;
  /** Keys of the step itself (name, uses, run, if, env, with …). */
  keys: ReadonlyMap<string, Entry>;
  /** The inputs under `with:`. */
  inputs: ReadonlyMap<string, Entry>;
  /** The step's `run` script's source text and where it is. */
  run: { text: string; span: Span } | null;
  env: Readonly<Record<string, string>>;
}

export interface Job {
  id: string;
  /** The job's `if:` condition, or null when it always runs. */
  condition: string | null;
  env: Readonly<Record<string, string>>;
  /** The job's matrix axes with literal values (`service: [cart, recommend]`). */
  matrix: Readonly<Record<string, readonly string[]>>;
  steps: readonly Step[];
}

export interface Workflow {
  file: string;
  content: string;
  env: Readonly<Record<string, string>>;
  jobs: readonly Job[];
}

export function isWorkflowFile(path: string): boolean {
  return /^\.github\/workflows\/[^/]+\.ya?ml$/.test(path);
}

function lineStart(content: string, at: number): number {
  return content.lastIndexOf("\n", at - 1) + 1;
}

function lineEnd(content: string, at: number): number {
  const nl = content.indexOf("\n", Math.max(at - 1, 0));
  return nl === -1 ? content.length : nl + 1;
}

function text(node: unknown): string | null {
  if (!isScalar(node)) return null;
  return node.value === null || node.value === undefined ? "" : String(node.value);
}

function literals(node: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isMap(node)) return out;
  for (const pair of node.items) {
    const key = text(pair.key);
    const value = text(pair.value);
    if (key !== null && value !== null) out[key] = value;
  }
  return out;
}

function entries(content: string, node: unknown): Map<string, Entry> {
  const out = new Map<string, Entry>();
  if (!isMap(node)) return out;
  for (const pair of node.items) {
    const key = text(pair.key);
    const keyNode = pair.key as Node | null;
    const valueNode = pair.value as Node | null;
    if (key === null || !keyNode?.range) continue;
    const start = lineStart(content, keyNode.range[0]);
    const end = valueNode?.range ? lineEnd(content, valueNode.range[1]) : lineEnd(content, keyNode.range[1]);
    out.set(key, { key, value: text(pair.value) ?? "", span: [start, end], indent: content.slice(start, keyNode.range[0]).replace(/-\s/, "  ") });
  }
  return out;
}

function stepOf(content: string, job: string, index: number, node: YAMLMap): Step | null {
  if (!node.range) return null;
  const keys = entries(content, node);
  const uses = keys.get("uses")?.value.split("@")[0]?.trim().toLowerCase() ?? null;
  const runNode = node.get("run", true) as Node | undefined;
  const run = runNode?.range && text(runNode) !== null ? { text: content.slice(runNode.range[0], runNode.range[1]), span: [runNode.range[0], runNode.range[1]] as const } : null;
  return {
    job,
    index,
    span: [lineStart(content, node.range[0]), lineEnd(content, node.range[1])],
    uses: uses === "" ? null : uses,
    id: keys.get("id")?.value ?? null,
    keys,
    inputs: entries(content, node.get("with", true)),
    run,
    env: literals(node.get("env", true)),
  };
}

function matrixOf(node: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!isMap(node)) return out;
  const matrix = node.get("matrix", true);
  if (!isMap(matrix)) return out;
  for (const pair of matrix.items) {
    const key = text(pair.key);
    if (key === null || !isSeq(pair.value)) continue;
    const values = pair.value.items.map(text);
    if (values.every((v): v is string => v !== null)) out[key] = values;
  }
  return out;
}

/** Reads one workflow file; null when it does not parse or has no jobs. Shared by content: read, never changed. */
export function readWorkflow(file: string, content: string): Workflow | null {
  return cachedWorkflows(`${file}\n${content}`);
}

// Charged 12 bytes per character: measured 9 (scripts/parse-memory.ts).
const cachedWorkflows = memoByContent((key) => {
  const cut = key.indexOf("\n");
  return parseWorkflow(key.slice(0, cut), key.slice(cut + 1));
}, { name: "generator: delivery workflows", expansion: 12 });

function parseWorkflow(file: string, content: string): Workflow | null {
  const doc = cleanWorkflowDocument(file, content, { uniqueKeys: false });
  if (doc === null) return null;
  const jobsNode = doc.contents.get("jobs", true);
  if (!isMap(jobsNode)) return null;
  const jobs: Job[] = [];
  for (const pair of jobsNode.items) {
    const id = text(pair.key);
    if (id === null || !isMap(pair.value)) continue;
    const stepsNode = pair.value.get("steps", true);
    const steps = isSeq(stepsNode)
      ? stepsNode.items.flatMap((s, i) => (isMap(s) ? [stepOf(content, id, i, s)].filter((x): x is Step => x !== null) : []))
      : [];
    const condition = pair.value.get("if", true);
    jobs.push({ id, condition: condition === undefined ? null : (text(condition) ?? "?"), env: literals(pair.value.get("env", true)), matrix: matrixOf(pair.value.get("strategy", true)), steps });
  }
  return { file, content, env: literals(doc.contents.get("env", true)), jobs };
}

/** The workflows that build an image, sorted by path. */
export function deliveryWorkflows(files: ReadonlyMap<string, GenFile>): Workflow[] {
  return [...files.keys()]
    .filter(isWorkflowFile)
    .sort()
    .flatMap((file) => {
      const content = files.get(file)!.content;
      if (!BUILDS_AN_IMAGE.test(content)) return [];
      const workflow = readWorkflow(file, content);
      return workflow ? [workflow] : [];
    });
}

/** The docker/build-push-action steps of a workflow, with their job. */
export function buildPushSteps(workflow: Workflow): { job: Job; step: Step }[] {
  return workflow.jobs.flatMap((job) => job.steps.filter((s) => s.uses === "docker/build-push-action").map((step) => ({ job, step })));
}

/** The text of a span. */
export function slice(content: string, span: Span): string {
  return content.slice(span[0], span[1]);
}

/**
 * A build step's `uses:` and `with:` lines when they are adjacent, with the indentation of its inputs: where
 * an input can be added at the top of `with:` without touching any other input.
 */
export function withHead(workflow: Workflow, step: Step): { text: string; span: Span; indent: string } | null {
  const uses = step.keys.get("uses");
  const inputs = step.keys.get("with");
  const first = [...step.inputs.values()].sort((a, b) => a.span[0] - b.span[0])[0];
  if (!uses || !inputs || !first || uses.span[1] !== inputs.span[0]) return null;
  const end = workflow.content.indexOf("\n", inputs.span[0]) + 1;
  if (end === 0) return null;
  return { text: workflow.content.slice(uses.span[0], end), span: [uses.span[0], end], indent: first.indent };
}
