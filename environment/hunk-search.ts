/**
 * Bounding the cost of applying a patch before `diff`'s applyPatch runs. applyPatch looks for each hunk at
 * its stated line, then one line further out at a time in both directions until the hunk's context
 * matches (the offset search `patch` and `git apply` do), and copies every line before the place it chose.
 * A hunk starting at line 9007199254740992 would make it walk (and copy) that many lines; a hunk that matches
 * nowhere in a large file costs a comparison per line per hunk line.
 *
 * So each hunk's line numbers are checked against the file first, and the same search is run here, counting
 * the hunk lines it examines, so that applyPatch is only called when its search is known to stay under
 * MAX_PATCH_SEARCH_STEPS. Line endings are converted here as applyPatch would, and applyPatch is then told
 * not to convert, so both searches see the same lines.
 */
import type { StructuredPatch } from "diff";
import { MAX_PATCH_SEARCH_STEPS } from "../contracts/limits.js";
import { lineCount } from "./lines.js";

type Hunk = StructuredPatch["hunks"][number];

/** Search steps left for the rest of one action's patch (shared by all its files). */
export interface SearchBudget {
  remaining: number;
}

export const newSearchBudget = (): SearchBudget => ({ remaining: MAX_PATCH_SEARCH_STEPS });

/**
 * The patch as applyPatch will see `source`'s line endings (CRLF files get CRLF hunks and the reverse), or
 * why one of its hunks cannot apply to `source` at all, or why finding where they apply costs too much.
 * @example const checked = checkHunks("a\nb\n", patch, "Dockerfile", newSearchBudget());
 */
export function checkHunks(source: string, patch: StructuredPatch, file: string, budget: SearchBudget): { patch: StructuredPatch } | { error: string } {
  const count = lineCount(source);
  for (const [i, hunk] of patch.hunks.entries()) {
    const problem = outOfRange(hunk, count);
    if (problem !== null) return { error: `hunk ${i + 1} (${header(hunk)}) ${problem} ${file}, which has ${count} line${count === 1 ? "" : "s"}` };
  }
  const converted = withSourceLineEndings(source, patch);
  const steps = searchSteps(source, converted, budget.remaining);
  if (steps === null) {
    return {
      error:
        `finding where the hunks apply in ${file} takes more than ${MAX_PATCH_SEARCH_STEPS} line comparisons: ` +
        "give each hunk the line numbers and context lines the file has now",
    };
  }
  budget.remaining -= steps;
  return { patch: converted };
}

/** The hunk's header as written (parsePatch adds 1 to the start of a hunk with no old lines). */
function header(hunk: Hunk): string {
  // Past 2^53 numbers are not exact: printing one would show another number than the patch has.
  const shown = hunk.oldStart > Number.MAX_SAFE_INTEGER ? `${Number.MAX_SAFE_INTEGER} or more` : String(hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart);
  return `@@ -${shown},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
}

/**
 * Why a hunk's stated start cannot be in a file of `count` lines, or null. Only the start is checked: a hunk
 * whose range runs past the end can still apply a few lines earlier (the offset search), as hand-written
 * patches often need, but one that starts after the last line would make applyPatch walk to it first.
 */
function outOfRange(hunk: Hunk, count: number): string | null {
  const after = hunk.oldLines === 0 ? hunk.oldStart > count + 1 : hunk.oldStart > count;
  return after || Number.isNaN(hunk.oldStart) ? "starts after the end of" : null;
}

/** applyPatch's line-ending conversion (its autoConvertLineEndings), done here once for both searches. */
function withSourceLineEndings(source: string, patch: StructuredPatch): StructuredPatch {
  const onlyWin = source.includes("\r\n") && !source.startsWith("\n") && !/[^\r]\n/.test(source);
  const onlyUnix = !source.includes("\r\n") && source.includes("\n");
  const lines = patch.hunks.flatMap((h) => h.lines);
  const patchUnix = !lines.some((l) => !l.startsWith("\\") && l.endsWith("\r"));
  if (onlyWin && patchUnix) {
    return mapHunkLines(patch, (line, next) => (line.startsWith("\\") || line.endsWith("\r") || next?.startsWith("\\") ? line : `${line}\r`));
  }
  const patchWin =
    lines.some((l) => l.endsWith("\r")) &&
    patch.hunks.every((h) => h.lines.every((l, i) => l.startsWith("\\") || l.endsWith("\r") || h.lines[i + 1]?.startsWith("\\")));
  if (onlyUnix && patchWin) return mapHunkLines(patch, (line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  return patch;
}

function mapHunkLines(patch: StructuredPatch, f: (line: string, next: string | undefined) => string): StructuredPatch {
  return { ...patch, hunks: patch.hunks.map((h) => ({ ...h, lines: h.lines.map((l, i) => f(l, h.lines[i + 1])) })) };
}

/**
 * The hunk lines applyPatch examines to place every hunk (fuzz factor 0), or null past `limit`. Mirrors its
 * search: the end-of-file newline adjustment, the stated position then outward within [end of the previous
 * hunk, last position the hunk fits], each later hunk shifted by the offset the earlier one was found at.
 */
function searchSteps(source: string, patch: StructuredPatch, limit: number): number | null {
  const lines = source.split("\n");
  adjustFinalNewline(lines, patch.hunks.at(-1));
  let steps = 0;
  let minLine = 0;
  let offset = 0;
  for (const hunk of patch.hunks) {
    const maxLine = lines.length - hunk.oldLines;
    let placed: { end: number; trailing: number } | null = null;
    let at = hunk.oldStart + offset - 1;
    for (const pos of outward(at, minLine, maxLine)) {
      const tried = tryAt(lines, hunk.lines, pos);
      steps += tried.steps;
      if (steps > limit) return null;
      if (tried.placed !== null) {
        placed = tried.placed;
        at = pos;
        break;
      }
    }
    // applyPatch gives up on the first hunk that fits nowhere: the rest costs nothing.
    if (placed === null) return steps;
    minLine = placed.end - placed.trailing;
    offset = at + 1 - hunk.oldStart;
  }
  return steps;
}

/** The start position, then start+1, start-1, start+2, ... within [min, max], as applyPatch's iterator. */
function* outward(start: number, min: number, max: number): Generator<number> {
  yield start;
  for (let d = 1; start + d <= max || start - d >= min; d++) {
    if (start + d <= max) yield start + d;
    if (start - d >= min) yield start - d;
  }
}

/** Whether a hunk's old lines match at `pos`, how many hunk lines that took, and where its match ends. */
function tryAt(lines: string[], hunkLines: string[], pos: number): { steps: number; placed: { end: number; trailing: number } | null } {
  let at = pos;
  let trailing = 0;
  let steps = 0;
  for (const line of hunkLines) {
    steps++;
    const op = line.length > 0 ? line[0] : " ";
    if (op === "+") trailing = 0;
    if (op !== "-" && op !== " ") continue;
    const content = line.length > 0 ? line.slice(1) : line;
    if (lines[at] !== content) return { steps, placed: null };
    at++;
    trailing = op === " " ? trailing + 1 : 0;
  }
  return { steps, placed: { end: at, trailing } };
}

/** applyPatch drops or adds the file's final empty line when the last hunk changes the final newline. */
function adjustFinalNewline(lines: string[], last: Hunk | undefined): void {
  if (last === undefined) return;
  let removeNewline = false;
  let addNewline = false;
  let prev = "";
  for (const line of last.lines) {
    if (line.startsWith("\\")) {
      if (prev.startsWith("+")) removeNewline = true;
      else if (prev.startsWith("-")) addNewline = true;
    }
    prev = line;
  }
  if (removeNewline && !addNewline && lines.at(-1) === "") lines.pop();
  else if (addNewline && !removeNewline && lines.at(-1) !== "") lines.push("");
}
