/**
 * A line-level map of a workflow file for the workflow injectors: its top-level keys, its jobs with their keys,
 * and each job's steps with theirs, every one with the lines it spans. Injectors change a workflow by lines
 * (a key dropped, a step moved, a value misspelt) so the rest of the file keeps its exact text and other faults'
 * repairs still apply. Only block-style YAML that parses cleanly is mapped: a file another fault already broke
 * is not a place for a second one.
 */
import { memoByContent } from "../../../../simulators/parse-cache.js";
import { cleanWorkflowDocument } from "../workflow-document.js";
import type { GenFile } from "../../injector.js";

/** A `key: value` line and the lines under it. */
export interface Entry {
  key: string;
  /** Index of the key's line. */
  line: number;
  /** One past the last line of its block, trailing blank and comment lines excluded. */
  end: number;
  indent: number;
  /** The text after `key:` on its own line, trimmed (empty for a block). */
  value: string;
}

export interface Step {
  /** Index of the `- ` line. */
  start: number;
  end: number;
  /** The column of the step's keys (the dash's column + 2). */
  keyIndent: number;
  keys: Entry[];
}

export interface Job extends Entry {
  keys: Entry[];
  steps: Step[];
}

export interface WorkflowMap {
  file: string;
  content: string;
  /** The file's lines, without their newlines. */
  lines: string[];
  top: Entry[];
  jobs: Job[];
}

const KEY = /^(\s*)(?:- )?([A-Za-z_][A-Za-z0-9_.-]*|"[^"]*"|'[^']*'):(?:\s+(.*?))?\s*$/;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function ignorable(line: string): boolean {
  const t = line.trim();
  return t === "" || t.startsWith("#");
}

/** The end of the block that starts at `line` with `indent`: the next meaningful line at or left of it. */
function blockEnd(lines: readonly string[], line: number, indent: number, limit: number): number {
  let last = line;
  for (let i = line + 1; i < limit; i++) {
    if (ignorable(lines[i]!)) continue;
    if (indentOf(lines[i]!) <= indent) break;
    last = i;
  }
  return last + 1;
}

/** The entries at `indent` between `from` and `to`. */
function entriesAt(lines: readonly string[], from: number, to: number, indent: number): Entry[] {
  const out: Entry[] = [];
  for (let i = from; i < to; i++) {
    const text = lines[i]!;
    if (ignorable(text) || indentOf(text) !== indent) continue;
    const m = KEY.exec(text);
    if (!m || text.trimStart().startsWith("- ")) continue;
    const key = m[2]!.replace(/^["']|["']$/g, "");
    out.push({ key, line: i, end: blockEnd(lines, i, indent, to), indent, value: m[3] ?? "" });
  }
  return out;
}

/** The first child line's indent of the block at `entry`, or null when it has none. */
function childIndent(lines: readonly string[], entry: Entry): number | null {
  for (let i = entry.line + 1; i < entry.end; i++) if (!ignorable(lines[i]!)) return indentOf(lines[i]!);
  return null;
}

function stepsOf(lines: readonly string[], steps: Entry): Step[] {
  const first = childIndent(lines, steps);
  if (first === null) return [];
  const dashes: number[] = [];
  for (let i = steps.line + 1; i < steps.end; i++) {
    if (!ignorable(lines[i]!) && indentOf(lines[i]!) === first && lines[i]!.trimStart().startsWith("- ")) dashes.push(i);
  }
  return dashes.map((start, n) => {
    let end = n + 1 < dashes.length ? dashes[n + 1]! : steps.end;
    while (end > start + 1 && ignorable(lines[end - 1]!)) end--;
    const keyIndent = first + 2;
    const firstKey = KEY.exec(lines[start]!);
    const keys: Entry[] = [];
    if (firstKey) keys.push({ key: firstKey[2]!, line: start, end: blockEnd(lines, start, keyIndent, end), indent: keyIndent, value: firstKey[3] ?? "" });
    keys.push(...entriesAt(lines, start + 1, end, keyIndent));
    return { start, end, keyIndent, keys };
  });
}

/**
 * The map of a workflow's text, or null when it does not parse cleanly or is not a mapping with jobs.
 * @example mapWorkflow(".github/workflows/ci.yml", text)?.jobs.map((j) => j.key) // ["test"]
 */
export function mapWorkflow(file: string, content: string): WorkflowMap | null {
  return cachedMaps(`${file}\n${content}`);
}

/**
 * Maps by file and content: every workflow injector of every attempt maps the same few files, and a map is
 * read, never changed. Charged 10 bytes per character: measured 8 (scripts/parse-memory.ts).
 */
const cachedMaps = memoByContent((key) => {
  const cut = key.indexOf("\n");
  return readMap(key.slice(0, cut), key.slice(cut + 1));
}, { name: "generator: workflow maps", expansion: 10 });

function readMap(file: string, content: string): WorkflowMap | null {
  if (cleanWorkflowDocument(file, content, { uniqueKeys: true }) === null) return null;
  const lines = content.split("\n");
  const top = entriesAt(lines, 0, lines.length, 0);
  const jobsEntry = top.find((e) => e.key === "jobs");
  if (!jobsEntry) return null;
  const jobIndent = childIndent(lines, jobsEntry);
  if (jobIndent === null) return null;
  const jobs: Job[] = entriesAt(lines, jobsEntry.line + 1, jobsEntry.end, jobIndent).map((entry) => {
    const keyIndent = childIndent(lines, entry);
    const keys = keyIndent === null ? [] : entriesAt(lines, entry.line + 1, entry.end, keyIndent);
    const steps = keys.find((k) => k.key === "steps");
    return { ...entry, keys, steps: steps ? stepsOf(lines, steps) : [] };
  });
  return { file, content, lines, top, jobs };
}

/** Every workflow file of the repository, mapped, in path order (files that do not map are left out). */
export function workflowMaps(files: ReadonlyMap<string, GenFile>): WorkflowMap[] {
  return [...files.keys()]
    .filter((p) => /^\.github\/workflows\/[^/]+\.ya?ml$/.test(p))
    .sort()
    .flatMap((p) => {
      const map = mapWorkflow(p, files.get(p)!.content);
      return map ? [map] : [];
    });
}

/** Whether a workflow builds a container image: the one the pipeline runs as the delivery. */
export function isDelivery(map: WorkflowMap): boolean {
  return /docker\/build-push-action@|\bdocker\s+(?:buildx\s+)?build\b/.test(map.content);
}

export function keyOf(owner: { keys: readonly Entry[] }, key: string): Entry | undefined {
  return owner.keys.find((k) => k.key === key);
}

/** A step's `uses` without its ref (`docker/login-action`), or null for a run step. */
export function actionOf(step: Step): string | null {
  const uses = keyOf(step, "uses");
  return uses ? uses.value.replace(/^["']|["']$/g, "").split("@")[0]!.toLowerCase() : null;
}

/** A step's text, its lines joined. */
export function stepText(map: WorkflowMap, step: Step): string {
  return map.lines.slice(step.start, step.end).join("\n");
}

/** The lines of an entry's block under its key line (a `with:` map, a `run: |` script). */
export function blockText(map: WorkflowMap, entry: Entry): string {
  return map.lines.slice(entry.line, entry.end).join("\n");
}

/** How an engineer names a step: its name, else its action, else its command's first line. */
export function stepLabel(map: WorkflowMap, step: Step): string {
  const name = keyOf(step, "name");
  if (name && name.value !== "") return name.value.replace(/^["']|["']$/g, "");
  const uses = keyOf(step, "uses");
  if (uses) return uses.value;
  const run = keyOf(step, "run");
  if (!run) return `the step at line ${step.start + 1}`;
  return run.value !== "" && run.value !== "|" ? run.value : (map.lines[run.line + 1] ?? "").trim();
}

/** The entries one level under `entry` (a job's keys, an event's filters, a step's `with:` inputs). */
export function childEntries(map: WorkflowMap, entry: Entry): Entry[] {
  const indent = childIndent(map.lines, entry);
  return indent === null ? [] : entriesAt(map.lines, entry.line + 1, entry.end, indent);
}

export function topEntry(map: WorkflowMap, key: string): Entry | undefined {
  return map.top.find((e) => e.key === key);
}
