/**
 * How a pipeline injector changes text and writes its repair: it replaces one span of a file, checks that no
 * text another fault introduced overlaps it, and that the broken text occurs once in the result, so that the
 * repair's edit_file (exact text, matched once) applies whatever other faults are injected elsewhere.
 */
import type { Action } from "../../../../contracts/actions.js";
import type { RuleCode } from "../../../../simulators/rule-codes.js";
import type { Injection, InjectionContext } from "../../injector.js";
import type { Span } from "./workflows.js";

/** Whether no text another fault introduced in `file` overlaps `span` of `content` (or sits within it). */
export function spanFree(ctx: Pick<InjectionContext, "reserved">, file: string, content: string, span: Span): boolean {
  for (const r of ctx.reserved) {
    if (r.file !== file || r.text === "") continue;
    for (let at = content.indexOf(r.text); at !== -1; at = content.indexOf(r.text, at + 1)) {
      if (at < span[1] && at + r.text.length > span[0]) return false;
    }
  }
  return true;
}

/** Whether no text another fault introduced is in `file` at all (for faults that move or rewrite a file). */
export function fileFree(ctx: Pick<InjectionContext, "reserved">, file: string): boolean {
  return !ctx.reserved.some((r) => r.file === file);
}

export function occurrences(content: string, text: string): number {
  let n = 0;
  for (let at = content.indexOf(text); at !== -1 && text !== ""; at = content.indexOf(text, at + 1)) n++;
  return n;
}

/** `content` with `span` replaced. */
export function splice(content: string, span: Span, replacement: string): string {
  return content.slice(0, span[0]) + replacement + content.slice(span[1]);
}

/** One replacement of a span, and the repair that undoes it exactly. */
export interface Change {
  file: string;
  content: string;
  /** The text the fault wrote, found exactly once in `content`. */
  broken: string;
  /** What the repair puts back. */
  fixed: string;
}

/**
 * Replaces `span` of `file` by `broken` (which replaces the original `fixed`, the span's text), or null when
 * another fault's text overlaps it or the broken text would not be unique in the file. `content` is the
 * file's text when an earlier change of the same fault already rewrote it.
 */
export function change(ctx: Pick<InjectionContext, "reserved" | "files">, file: string, span: Span, broken: string, content = ctx.files.get(file)?.content): Change | null {
  if (content === undefined || !spanFree(ctx, file, content, span)) return null;
  const fixed = content.slice(span[0], span[1]);
  if (fixed === broken) return null;
  const next = splice(content, span, broken);
  if (broken === "" || occurrences(next, broken) !== 1) return null;
  return { file, content: next, broken, fixed };
}

/** The repair of some changes, as one edit_file action. */
export function repairOf(changes: readonly Change[]): Action[] {
  return [{ action_type: "edit_file", edits: changes.map((c) => ({ file_path: c.file, old_content: c.broken, new_content: c.fixed })) }];
}

/**
 * The parts of an Injection that follow from its changes: the files, the repair and the texts to keep. The
 * repair undoes `repaired` (all the changes unless said otherwise: a fault may set the scene in one file and
 * be repaired in another).
 */
export function applied(changes: readonly Change[], repaired: readonly Change[] = changes): Pick<Injection, "changes" | "repair" | "introduced"> {
  const contents = new Map<string, string>();
  for (const c of changes) contents.set(c.file, c.content);
  return {
    changes: [...contents].map(([file, content]) => ({ file, content })),
    repair: repairOf(repaired),
    introduced: [...new Map([...changes, ...repaired].map((c) => [`${c.file}\0${c.broken}`, { file: c.file, text: c.broken }])).values()],
  };
}

/** Detection entries, one per file. */
export function detections(code: RuleCode, files: Iterable<string>): { code: RuleCode; file: string }[] {
  return [...new Set(files)].sort().map((file) => ({ code, file }));
}
