/**
 * Applies one edit action to a repository, purely: a new repository, or the reason the action failed. A failed
 * action changes nothing; its reason tells the agent exactly what to correct.
 */
import { describePathProblem, normaliseRepoPath, REGULAR } from "../simulators/repository.js";
import type { RepoFile, Repository } from "../simulators/repository.js";
import type { EditAction } from "../contracts/actions.js";
import { MAX_LISTED_MATCHES } from "../contracts/limits.js";
import { cut } from "../contracts/quote.js";
import { fromLines, occurrenceLines, textToLines, toLines } from "./lines.js";
import { nearMissLine } from "./near-miss.js";
import { applyUnifiedPatch } from "./patch.js";
import { limitExceeded } from "./repository-limits.js";
import { applyHostAction, hostFiles, isHostRepository, isHostStatePath, refuseHostCommand } from "./host-actions.js";

/** `output`: what a host command printed. */
export type EditOutcome = { ok: true; repo: Repository; changed: boolean; output?: string } | { ok: false; error: string };

const fail = (error: string): EditOutcome => ({ ok: false, error });

function listFiles(repo: Repository): string {
  const names = [...repo.keys()].sort();
  return names.length > 8 ? `${names.slice(0, 8).join(", ")}, …` : names.join(", ") || "(none)";
}

type Resolved = { path: string } | { error: string };

function resolvePath(raw: string): Resolved {
  const normal = normaliseRepoPath(raw);
  return "problem" in normal ? { error: describePathProblem(cut(raw), normal.problem, normal.char) } : { path: normal.path };
}

function existingFile(repo: Repository, raw: string): { path: string; file: RepoFile } | { error: string } {
  const resolved = resolvePath(raw);
  if ("error" in resolved) return resolved;
  const file = repo.get(resolved.path);
  if (!file) return { error: `file '${resolved.path}' does not exist; the repository has: ${listFiles(repo)}` };
  return { path: resolved.path, file };
}

function lineOutOfRange(path: string, n: number, count: number, allowAppend: boolean): string {
  const last = allowAppend ? count + 1 : count;
  return `line_number ${n} is out of range for ${path}, which has ${count} line${count === 1 ? "" : "s"} (valid: 1 to ${last})`;
}

function withContent(repo: Repository, path: string, content: string, mode?: number): Repository {
  const next = new Map(repo);
  next.set(path, { content, mode: mode ?? repo.get(path)?.mode ?? REGULAR });
  return next;
}

/** Where a whitespace-insensitive match exists, say so: the commonest reason an exact match fails. */
function nearMiss(content: string, needle: string): string {
  const line = nearMissLine(content, needle);
  return line === null ? "" : ` (text matching it up to whitespace is at line ${line}; old_content must match exactly, indentation included)`;
}

/** "lines 3, 9, 14" or, past MAX_LISTED_MATCHES, the first ones and how many more. */
function listLines(lines: number[]): string {
  const shown = lines.slice(0, MAX_LISTED_MATCHES).join(", ");
  return lines.length > MAX_LISTED_MATCHES ? `${shown} and ${lines.length - MAX_LISTED_MATCHES} more` : shown;
}

type Edit = Extract<EditAction, { action_type: "edit_file" }>["edits"][number];

/** The content of a file an edit creates: only an empty old_content creates one. */
function created(repo: Repository, path: string, edit: Edit): { content: string } | { error: string } {
  if (edit.old_content !== "") {
    return { error: `file '${path}' does not exist (to create it, give an empty old_content); the repository has: ${listFiles(repo)}` };
  }
  return { content: edit.new_content };
}

/** A file's content with old_content, which must occur exactly once, replaced. */
function replaced(file: RepoFile, path: string, edit: Edit): { content: string } | { error: string } {
  if (edit.old_content === "") {
    return { error: `old_content is empty but ${path} exists: give the exact text to replace (an empty old_content only creates a new file)` };
  }
  const at = occurrenceLines(file.content, edit.old_content);
  if (at.length === 0) return { error: `old_content was not found in ${path}${nearMiss(file.content, edit.old_content)}` };
  if (at.length > 1) {
    return { error: `old_content matches ${at.length} times in ${path} (lines ${listLines(at)}); include more surrounding text so it matches exactly once` };
  }
  return { content: file.content.replace(edit.old_content, () => edit.new_content) };
}

function applyEdits(repo: Repository, edits: readonly Edit[]): EditOutcome {
  let current = repo;
  for (const [i, edit] of edits.entries()) {
    const where = edits.length > 1 ? `edit ${i + 1}: ` : "";
    const resolved = resolvePath(edit.file_path);
    if ("error" in resolved) return fail(where + resolved.error);
    const file = current.get(resolved.path);
    const changed = file === undefined ? created(current, resolved.path, edit) : replaced(file, resolved.path, edit);
    if ("error" in changed) return fail(where + changed.error);
    const next = withContent(current, resolved.path, changed.content, file?.mode ?? REGULAR);
    // Checked after every edit, so that fifty edits cannot build a file fifty times too large on the way.
    const exceeded = limitExceeded(current, next);
    if (exceeded !== null) return fail(`${where}${exceeded}; nothing was changed`);
    current = next;
  }
  return { ok: true, repo: current, changed: true };
}

/**
 * Applies `action` to `repo`: the new repository, or why the action fails (and changes nothing), including a
 * result that would exceed a repository bound (repository-limits.ts).
 */
export function applyEditAction(repo: Repository, action: EditAction): EditOutcome {
  if (isHostRepository(repo)) {
    const outcome = applyHostAction(repo, action, (files, edit) => applyEditAction(files, edit));
    if (!outcome.ok || action.action_type !== "host") return outcome;
    const exceeded = limitExceeded(hostFiles(repo), hostFiles(outcome.repo));
    return exceeded === null ? outcome : fail(`${exceeded}; nothing was changed`);
  }
  if (action.action_type === "host") return refuseHostCommand();
  const outcome = applyWithoutLimits(repo, action);
  if (!outcome.ok) return outcome;
  // A `.breakfix/` file would make the repository a simulated host whose state the agent wrote itself.
  const reserved = [...outcome.repo.keys()].find((path) => isHostStatePath(path) && !repo.has(path));
  if (reserved !== undefined) return fail(`${reserved}: .breakfix/ is breakfix's own, not the repository's; nothing was changed`);
  const exceeded = limitExceeded(repo, outcome.repo);
  return exceeded === null ? outcome : fail(`${exceeded}; nothing was changed`);
}

function applyWithoutLimits(repo: Repository, action: Exclude<EditAction, { action_type: "host" }>): EditOutcome {
  switch (action.action_type) {
    case "edit_file":
      return applyEdits(repo, action.edits);
    case "apply_patch": {
      const out = applyUnifiedPatch(repo, action.patch);
      return out.ok ? { ok: true, repo: out.repo, changed: true } : out;
    }
    case "replace_line":
    case "delete_line": {
      const found = existingFile(repo, action.file_path);
      if ("error" in found) return fail(found.error);
      const doc = toLines(found.file.content);
      if (action.line_number > doc.lines.length) return fail(lineOutOfRange(found.path, action.line_number, doc.lines.length, false));
      const replacement = action.action_type === "replace_line" ? textToLines(action.new_content) : [];
      doc.lines.splice(action.line_number - 1, 1, ...replacement);
      return { ok: true, repo: withContent(repo, found.path, fromLines(doc)), changed: true };
    }
    case "add_line":
    case "add_block": {
      const found = existingFile(repo, action.file_path);
      if ("error" in found) return fail(found.error);
      const doc = toLines(found.file.content);
      if (action.line_number > doc.lines.length + 1) return fail(lineOutOfRange(found.path, action.line_number, doc.lines.length, true));
      doc.lines.splice(action.line_number - 1, 0, ...textToLines(action.content));
      return { ok: true, repo: withContent(repo, found.path, fromLines(doc)), changed: true };
    }
    case "delete_block": {
      const found = existingFile(repo, action.file_path);
      if ("error" in found) return fail(found.error);
      const doc = toLines(found.file.content);
      if (action.start_line > action.end_line) return fail(`start_line ${action.start_line} is after end_line ${action.end_line}`);
      if (action.end_line > doc.lines.length) return fail(lineOutOfRange(found.path, action.end_line, doc.lines.length, false));
      doc.lines.splice(action.start_line - 1, action.end_line - action.start_line + 1);
      return { ok: true, repo: withContent(repo, found.path, fromLines(doc)), changed: true };
    }
  }
}
