/**
 * A fault's change to one file as a region of whole lines, for its repair and for composition: the region is
 * grown line by line until the broken text occurs exactly once in the faulted file (so the repair, an
 * edit_file from the broken text back to the original, matches once), and it must stay clear of the texts
 * other faults introduced (so their repairs, and this one, apply in any order). Shared by the Dockerfile
 * family's injectors.
 */
import type { Action } from "../../../contracts/actions.js";
import type { InjectionContext } from "../injector.js";

export interface LineChange {
  file: string;
  /** The lines as the fault leaves them (unique in the faulted file). */
  broken: string;
  /** The same lines as they were. */
  original: string;
}

type Reserved = InjectionContext["reserved"];

export function countOf(haystack: string, needle: string): number {
  if (needle === "") return 0;
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** Spans [start, end) of every occurrence of the reserved texts of `file` in `content`. */
function reservedSpans(content: string, file: string, reserved: Reserved): [number, number][] {
  const spans: [number, number][] = [];
  for (const r of reserved) {
    if (r.file !== file || r.text === "") continue;
    for (let at = content.indexOf(r.text); at >= 0; at = content.indexOf(r.text, at + 1)) spans.push([at, at + r.text.length]);
  }
  return spans;
}

function lineStartAt(text: string, i: number): number {
  return text.lastIndexOf("\n", i - 1) + 1;
}

/** The index just past the end of the line that holds index i (its newline included). */
function lineEndFrom(text: string, i: number): number {
  const nl = text.indexOf("\n", i);
  return nl < 0 ? text.length : nl + 1;
}

/**
 * The change from `before` to `after` in `file` as whole lines, or null when it touches another fault's text,
 * would make another fault's text ambiguous, or cannot be made unique. `clean` is the file in the base: the
 * broken lines must also be unique once every other fault is repaired (another repair may put back a line
 * this fault's broken text repeats).
 * @example lineChange("Dockerfile", "FROM a\nRUN x\n", "FROM b\nRUN x\n", [])
 *   // { file: "Dockerfile", broken: "FROM b\n", original: "FROM a\n" }
 */
export function lineChange(file: string, before: string, after: string, reserved: Reserved, clean?: string): LineChange | null {
  if (before === after) return null;
  let p = 0;
  while (p < before.length && p < after.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && s < after.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  let start = lineStartAt(before, p);
  let endBefore = before.length - s;
  let endAfter = after.length - s;
  const aligned = (text: string, i: number) => i === 0 || text[i - 1] === "\n";
  if (!(aligned(before, endBefore) && aligned(after, endAfter))) {
    // The rest of the last changed line is common to both texts: extend both ends over it.
    const grow = lineEndFrom(before, endBefore) - endBefore;
    endBefore += grow;
    endAfter += grow;
  }
  const spans = reservedSpans(before, file, reserved);
  const clear = (a: number, b: number) => !spans.some(([x, y]) => x < b && a < y);
  if (!clear(start, endBefore)) return null;
  const uniqueAlone = (broken: string, original: string) =>
    clean === undefined || clean === before || (countOf(clean, original) === 1 && countOf(clean.replace(original, () => broken), broken) === 1);
  for (;;) {
    const broken = after.slice(start, endAfter);
    if (broken !== "" && countOf(after, broken) === 1 && uniqueAlone(broken, before.slice(start, endBefore))) break;
    const forward = lineEndFrom(after, endAfter) - endAfter;
    if (endAfter < after.length && clear(start, endBefore + forward)) {
      endAfter += forward;
      endBefore += forward;
    } else if (start > 0 && clear(lineStartAt(before, start - 1), endBefore)) {
      start = lineStartAt(before, start - 1);
    } else return null;
  }
  // Another fault's text must still occur as often as before, or its repair would match twice.
  for (const r of reserved) if (r.file === file && countOf(after, r.text) !== countOf(before, r.text)) return null;
  return { file, broken: after.slice(start, endAfter), original: before.slice(start, endBefore) };
}

/** The repair that puts the original lines back. */
export function restore(...changes: LineChange[]): Action {
  return { action_type: "edit_file", edits: changes.map((c) => ({ file_path: c.file, old_content: c.broken, new_content: c.original })) };
}

/** Whether `text` in `file` overlaps a text another fault introduced. */
export function touchesReserved(content: string, file: string, reserved: Reserved, start: number, end: number): boolean {
  return reservedSpans(content, file, reserved).some(([x, y]) => x < end && start < y);
}
