/**
 * From what the user changed in the editor to the action an agent would send: `edit_file` with the smallest
 * exact old/new text that occurs once in the file, or `apply_patch` with a git-style unified diff made by the
 * `diff` package. Pure (no DOM), so the suite checks it against the real engine.
 */
import { formatPatch, structuredPatch } from "diff";

export type FileMode = "100644" | "100755";

/** One file as the server has it (`before`, null when the user is creating it) and as the editor has it. */
export interface FileChange {
  path: string;
  before: string | null;
  after: string;
  modeBefore: FileMode;
  modeAfter: FileMode;
}

export interface Edit {
  file_path: string;
  old_content: string;
  new_content: string;
}

/** The files whose text or mode differ, in path order. */
export function changedFiles(
  server: Readonly<Record<string, string>>,
  serverModes: Readonly<Record<string, FileMode>>,
  drafts: ReadonlyMap<string, { content: string; mode: FileMode }>,
): FileChange[] {
  const changes: FileChange[] = [];
  for (const [path, draft] of [...drafts].sort(([a], [b]) => a.localeCompare(b))) {
    const before = server[path] ?? null;
    const modeBefore = serverModes[path] ?? "100644";
    if (before === draft.content && modeBefore === draft.mode) continue;
    changes.push({ path, before, after: draft.content, modeBefore, modeAfter: draft.mode });
  }
  return changes;
}

/**
 * The smallest whole-line region that covers every change, widened a line at a time (upwards first) until
 * its old text occurs exactly once in the file (edit_file's rule), so the edit can only land where the user
 * made it. A region is taken with its line ends, so deleting or inserting whole lines comes out exact; the
 * line end both sides share is dropped again, which keeps a one-line edit as README's examples write it.
 * @example minimalEdit("a\nb\nc\n", "a\nB\nc\n") // { old_content: "b", new_content: "B" }
 */
export function minimalEdit(before: string, after: string): { old_content: string; new_content: string } {
  const oldLines = before.split("\n");
  const newLines = after.split("\n");
  // The common head stops before either side's last line: that line has no line end, so it cannot be
  // shared text when the other side goes on past it.
  const headLimit = Math.min(oldLines.length, newLines.length) - 1;
  let start = 0;
  while (start < headLimit && oldLines[start] === newLines[start]) start += 1;
  let tail = 0;
  while (
    tail < oldLines.length - start &&
    tail < newLines.length - start &&
    oldLines[oldLines.length - 1 - tail] === newLines[newLines.length - 1 - tail]
  ) {
    tail += 1;
  }
  const oldStarts = lineStarts(oldLines);
  const newStarts = lineStarts(newLines);
  /** Lines [from, count − below) of each side as text, if its old text occurs once: without the line end both
   * sides share when that is still unique, else with it. */
  const uniqueRegion = (from: number, below: number): Region | null => {
    const raw = {
      old_content: before.slice(oldStarts[from], below === 0 ? before.length : oldStarts[oldLines.length - below]),
      new_content: after.slice(newStarts[from], below === 0 ? after.length : newStarts[newLines.length - below]),
    };
    const candidates = [raw];
    if (raw.old_content.length > 1 && raw.new_content.length > 1 && raw.old_content.endsWith("\n") && raw.new_content.endsWith("\n")) {
      candidates.unshift({ old_content: raw.old_content.slice(0, -1), new_content: raw.new_content.slice(0, -1) });
    }
    return candidates.find((c) => c.old_content !== "" && occurrences(before, c.old_content) === 1) ?? null;
  };
  let from = start;
  let below = tail;
  for (;;) {
    const found = uniqueRegion(from, below) ?? (from > 0 ? uniqueRegion(from - 1, below) : null) ?? (below > 0 ? uniqueRegion(from, below - 1) : null);
    if (found !== null) return found;
    // The whole file occurs once in itself; only an empty file has no old text to give.
    if (from === 0 && below === 0) return { old_content: before, new_content: after };
    if (from > 0) from -= 1;
    if (below > 0) below -= 1;
  }
}

type Region = { old_content: string; new_content: string };

/** Where each line starts in the text the lines were split from. */
function lineStarts(lines: readonly string[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += line.length + 1;
  }
  return starts;
}

function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) count += 1;
  return count;
}

/**
 * The edit_file edits for these changes, or null when edit_file cannot say it: a changed mode, or text
 * added to an existing empty file (its only old text is "", which edit_file reserves for creating files).
 */
export function editsFor(changes: readonly FileChange[]): Edit[] | null {
  if (changes.some((c) => c.before !== null && (c.modeBefore !== c.modeAfter || c.before === ""))) return null;
  return changes.map((c) => {
    if (c.before === null) return { file_path: c.path, old_content: "", new_content: c.after };
    const { old_content, new_content } = minimalEdit(c.before, c.after);
    return { file_path: c.path, old_content, new_content };
  });
}

/**
 * A git-style unified diff over every change (`old mode`/`new mode` lines for a changed execute bit,
 * `new file mode` for a created file), as `git diff` would print it.
 */
export function patchFor(changes: readonly FileChange[]): string {
  return changes
    .map((c) => {
      const created = c.before === null;
      const patch = structuredPatch(created ? "/dev/null" : `a/${c.path}`, `b/${c.path}`, c.before ?? "", c.after, undefined, undefined, { context: 3 });
      return formatPatch({
        ...patch,
        isGit: true,
        ...(created ? { isCreate: true, newMode: c.modeAfter } : c.modeBefore !== c.modeAfter ? { oldMode: c.modeBefore, newMode: c.modeAfter } : {}),
      });
    })
    .join("");
}

export type EditActionKind = "edit_file" | "apply_patch";

/** The action for these changes in the kind asked for; a mode change always needs apply_patch. */
export function actionFor(changes: readonly FileChange[], kind: EditActionKind): { action: Record<string, unknown>; kind: EditActionKind } {
  const edits = kind === "edit_file" ? editsFor(changes) : null;
  if (edits !== null) return { action: { action_type: "edit_file", edits }, kind: "edit_file" };
  return { action: { action_type: "apply_patch", patch: patchFor(changes) }, kind: "apply_patch" };
}
