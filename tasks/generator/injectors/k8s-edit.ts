/**
 * Text edits on manifests for the k8s fault injectors, and the repair that undoes each. An injector changes a
 * value, a key or a line in place (the rest of the file byte for byte as it was), then `k8sInjection` turns
 * the changed files into an Injection: for each file the changed lines, widened by as few neighbouring lines
 * as make them unique, are the text the fault introduced, and the repair edits exactly that text back. A
 * change that would touch or lean on text another fault introduced is declined, so every repair still applies
 * whatever else the scenario holds.
 */
import { isSeq, type Node } from "yaml";
import type { Stage } from "../../../simulators/diagnostic.js";
import type { World } from "../../../simulators/world.js";
import type { RuleCode } from "../../../simulators/rule-codes.js";
import type { Injection, InjectionContext } from "../injector.js";
import { nodeAt, pairAt, type FieldPath, type K8sObject } from "./k8s-manifests.js";

/** How many neighbouring lines a repair's text may take in to be unique in its file. */
const MAX_CONTEXT = 8;

function rangeOf(node: Node | null | undefined): [number, number] | undefined {
  const r = node?.range;
  return r ? [r[0], r[1]] : undefined;
}

/** The file with the scalar value at `path` written as `text` (its YAML source, quotes included); null when there is none. */
export function setValue(content: string, o: K8sObject, path: FieldPath, text: string): string | null {
  const r = rangeOf(nodeAt(o, path));
  if (!r || content.slice(r[0], r[1]).includes("\n")) return null;
  return content.slice(0, r[0]) + text + content.slice(r[1]);
}

/** The source text of the scalar at `path` (quotes included), or undefined. */
export function scalarSource(content: string, o: K8sObject, path: FieldPath): string | undefined {
  const r = rangeOf(nodeAt(o, path));
  return r ? content.slice(r[0], r[1]) : undefined;
}

/** The file with several scalar values of one object rewritten (applied from the end, so offsets hold). */
export function setValues(content: string, o: K8sObject, edits: readonly (readonly [FieldPath, string])[]): string | null {
  const located = edits.map(([path, text]) => ({ r: rangeOf(nodeAt(o, path)), text }));
  if (located.some((e) => !e.r || content.slice(e.r[0], e.r[1]).includes("\n"))) return null;
  let out = content;
  for (const { r, text } of located.sort((a, b) => b.r![0] - a.r![0])) out = out.slice(0, r![0]) + text + out.slice(r![1]);
  return out;
}

/** The file with the key at `path` renamed to `key`. */
export function renameKey(content: string, o: K8sObject, path: FieldPath, key: string): string | null {
  const r = rangeOf(pairAt(o, path)?.key);
  if (!r) return null;
  return content.slice(0, r[0]) + key + content.slice(r[1]);
}

function lineStart(content: string, offset: number): number {
  return content.lastIndexOf("\n", offset - 1) + 1;
}

function lineEnd(content: string, offset: number): number {
  const nl = content.indexOf("\n", offset);
  return nl < 0 ? content.length : nl + 1;
}

/**
 * The whole lines a pair takes (its key's line to its value's last line), when it stands alone on them: the
 * key first on its line (not a sequence item's first key) and nothing after its value.
 */
export function pairLines(content: string, o: K8sObject, path: FieldPath): [number, number] | null {
  const pair = pairAt(o, path);
  const key = rangeOf(pair?.key);
  if (!pair || !key) return null;
  const start = lineStart(content, key[0]);
  if (content.slice(start, key[0]).trim() !== "") return null;
  const value = pair.value as Node | null;
  const end = value?.range ? value.range[1] : key[1];
  const close = lineEnd(content, Math.max(end - 1, key[1]));
  const rest = content.slice(end, close).trim();
  if (rest !== "" && !rest.startsWith("#")) return null;
  return [start, close];
}

/** The file without the pair at `path` (its whole lines). */
export function removePair(content: string, o: K8sObject, path: FieldPath): string | null {
  const lines = pairLines(content, o, path);
  return lines ? content.slice(0, lines[0]) + content.slice(lines[1]) : null;
}

/** The file with the pair at `path` replaced by `text` (whole lines, each ending in a newline). */
export function replacePair(content: string, o: K8sObject, path: FieldPath, text: string): string | null {
  const lines = pairLines(content, o, path);
  return lines ? content.slice(0, lines[0]) + text + content.slice(lines[1]) : null;
}

/** The indentation of the key at `path` (the column its key starts at). */
export function keyIndent(content: string, o: K8sObject, path: FieldPath): string | null {
  const key = rangeOf(pairAt(o, path)?.key);
  if (!key) return null;
  return " ".repeat(key[0] - lineStart(content, key[0]));
}

/** The file with `lines` (one entry per line, without indentation) inserted after the pair at `path`, at its key's indentation. */
export function insertAfterPair(content: string, o: K8sObject, path: FieldPath, lines: readonly string[]): string | null {
  const key = rangeOf(pairAt(o, path)?.key);
  const value = rangeOf(pairAt(o, path)?.value as Node | null);
  if (!key) return null;
  const indent = " ".repeat(key[0] - lineStart(content, key[0]));
  const at = lineEnd(content, Math.max((value ?? key)[1] - 1, key[1]));
  if (at === content.length && !content.endsWith("\n")) return null;
  return content.slice(0, at) + lines.map((l) => `${indent}${l}\n`).join("") + content.slice(at);
}

/**
 * The file with `item` (lines of one sequence item's mapping, the first without its dash) added to the
 * container's `env` (first in the list), or an `env` list created after its `image`.
 */
export function addEnvEntry(content: string, o: K8sObject, containerPath: FieldPath, item: readonly string[]): string | null {
  const env = nodeAt(o, [...containerPath, "env"]);
  if (env === undefined) return insertAfterPair(content, o, [...containerPath, "image"], ["env:", `  - ${item[0]}`, ...item.slice(1).map((l) => `    ${l}`)]);
  if (!isSeq(env) || env.flow || env.items.length === 0) return null;
  const first = rangeOf(env.items[0] as Node);
  if (!first) return null;
  const start = lineStart(content, first[0]);
  const dash = content.slice(start, first[0]);
  if (!/^ *- +$/.test(dash)) return null;
  const indent = dash.slice(0, dash.indexOf("-"));
  return content.slice(0, start) + [`${indent}- ${item[0]}`, ...item.slice(1).map((l) => `${indent}  ${l}`)].map((l) => `${l}\n`).join("") + content.slice(start);
}

/** Lines of `text`, each with its newline. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function occurrences(text: string, part: string): number[] {
  const out: number[] = [];
  if (part === "") return out;
  for (let i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) out.push(i);
  return out;
}

/** What a change to one file introduced and what its repair puts back. */
export interface Region {
  broken: string;
  original: string;
}

/**
 * The smallest run of whole lines around the difference between `before` and `after` that occurs once in
 * `after`, with what stood there before; null when no such run keeps clear of `reserved` text in `before`.
 */
export function changedRegion(before: string, after: string, reserved: readonly string[]): Region | null {
  if (before === after) return null;
  const old = linesOf(before);
  const now = linesOf(after);
  let prefix = 0;
  while (prefix < old.length && prefix < now.length && old[prefix] === now[prefix]) prefix++;
  let suffix = 0;
  while (suffix < old.length - prefix && suffix < now.length - prefix && old[old.length - 1 - suffix] === now[now.length - 1 - suffix]) suffix++;
  const taken = reserved.flatMap((text) => occurrences(before, text).map((at) => [at, at + text.length] as const));
  const offsetOf = (lines: string[], n: number) => lines.slice(0, n).join("").length;
  for (let context = 0; context <= MAX_CONTEXT; context++) {
    for (let up = 0; up <= context; up++) {
      const down = context - up;
      const from = prefix - up;
      const oldTo = old.length - suffix + down;
      const newTo = now.length - suffix + down;
      if (from < 0 || oldTo > old.length || newTo > now.length || newTo <= from) continue;
      const start = offsetOf(old, from);
      const end = offsetOf(old, oldTo);
      if (taken.some(([a, b]) => a < end && b > start)) continue;
      const broken = now.slice(from, newTo).join("");
      if (occurrences(after, broken).length !== 1) continue;
      return { broken, original: old.slice(from, oldTo).join("") };
    }
  }
  return null;
}

export interface K8sIssue {
  description: string;
  hint: string;
  stage: Stage;
  detection: { code: RuleCode; file: string }[];
}

/**
 * The Injection for files changed by an injector (`changed`: path → new content): each file's region as the
 * text it introduced, and one edit_file action restoring every region. Null when some change cannot be undone
 * by a unique edit clear of other faults' text.
 */
export function k8sInjection(ctx: InjectionContext, kind: string, changed: ReadonlyMap<string, string>, issue: K8sIssue, world?: Partial<World>): Injection | null {
  const regions: { file: string; region: Region }[] = [];
  for (const [file, content] of [...changed].sort(([a], [b]) => a.localeCompare(b))) {
    const before = ctx.files.get(file)?.content;
    if (before === undefined) return null;
    const region = changedRegion(
      before,
      content,
      ctx.reserved.filter((r) => r.file === file).map((r) => r.text),
    );
    if (!region) return null;
    regions.push({ file, region });
  }
  if (regions.length === 0 || issue.detection.length === 0) return null;
  return {
    kind,
    layer: "k8s",
    changes: [...changed].sort(([a], [b]) => a.localeCompare(b)).map(([file, content]) => ({ file, content })),
    ...(world ? { world } : {}),
    issue,
    repair: [{ action_type: "edit_file", edits: regions.map(({ file, region }) => ({ file_path: file, old_content: region.broken, new_content: region.original })) }],
    introduced: regions.map(({ file, region }) => ({ file, text: region.broken })),
  };
}

/** Whether the text at [start, end) of `file` overlaps text another fault introduced. */
export function touchesReserved(ctx: InjectionContext, file: string, start: number, end: number): boolean {
  const content = ctx.files.get(file)?.content ?? "";
  return ctx.reserved.some((r) => r.file === file && occurrences(content, r.text).some((at) => at < end && at + r.text.length > start));
}

/** Whether the node at `path` of `o` (its whole line) overlaps text another fault introduced; false when there is no such field. */
export function fieldReserved(ctx: InjectionContext, o: K8sObject, path: FieldPath): boolean {
  const content = ctx.files.get(o.file)?.content ?? "";
  const node = nodeAt(o, path) ?? (pairAt(o, path)?.key as Node | undefined);
  const r = rangeOf(node);
  // A field that is not there overlaps nothing (an injector adding it checks its neighbours' lines itself).
  if (!r) return false;
  return touchesReserved(ctx, o.file, lineStart(content, r[0]), lineEnd(content, Math.max(r[0], r[1] - 1)));
}
