/**
 * How a workflow injector turns its change into an Injection: the changed lines become the repair's edits
 * (each the broken text with just enough unchanged lines around it to occur once in the file, and still once
 * when the other faults are repaired, replaced by the original), those texts are what the fault introduced,
 * and a change that would touch text another fault of the scenario introduced, or repeat it, is refused, so
 * every fault's repair still applies after all the others are injected and in any order.
 */
import { diffArrays } from "diff";
import type { Action } from "../../../../contracts/actions.js";
import type { FileChange, Injection, InjectionContext } from "../../injector.js";

type Edit = Extract<Action, { action_type: "edit_file" }>["edits"][number];

/** A file's text as lines that keep their newline, so joining them gives the exact text back. */
function lineTokens(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function occurrences(content: string, text: string): number[] {
  const at: number[] = [];
  if (text === "") return at;
  for (let i = content.indexOf(text); i !== -1; i = content.indexOf(text, i + 1)) at.push(i);
  return at;
}

interface Hunk {
  /** Lines [a0, a1) of the original became lines [b0, b1) of the broken text. */
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

function hunksOf(before: string[], after: string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let a = 0;
  let b = 0;
  let open: Hunk | null = null;
  for (const part of diffArrays(before, after)) {
    const n = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      if (open) hunks.push(open);
      open = null;
      a += n;
      b += n;
      continue;
    }
    open ??= { a0: a, a1: a, b0: b, b1: b };
    if (part.removed) {
      a += n;
      open.a1 = a;
    } else {
      b += n;
      open.b1 = b;
    }
  }
  if (open) hunks.push(open);
  return hunks;
}

/** Whether any text another fault introduced in `file` overlaps characters [from, to) of `content`. */
export function touchesReserved(ctx: Pick<InjectionContext, "reserved">, file: string, content: string, from: number, to: number): boolean {
  return ctx.reserved.some((r) => r.file === file && occurrences(content, r.text).some((at) => at < to && at + r.text.length > from));
}

/**
 * Whether an edit from `broken` back to `original` still matches once when the faults injected before this
 * one are repaired: in the base's text (`clean`, where those repairs lead), the original occurs once (this
 * fault's place) and, broken there, the broken text too. A fault that moves a step the base has twice (a login
 * in each of two jobs) needs the context that tells the two apart.
 */
function uniqueAlone(clean: string | undefined, before: string, broken: string, original: string): boolean {
  if (clean === undefined || clean === before) return true;
  return occurrences(clean, original).length === 1 && occurrences(clean.replace(original, () => broken), broken).length === 1;
}

/**
 * The edits that turn `after` back into `before`, or null when a changed line (or the context its edit
 * needs) overlaps text another fault introduced, or no edit can be made to match exactly once, now and once
 * the faults before it are repaired (`clean` is the file in the base). The edits go from the end of the file
 * up, each matching once in the text the edits before it left.
 */
export function repairEdits(ctx: Pick<InjectionContext, "reserved">, file: string, before: string, after: string, clean?: string): Edit[] | null {
  const a = lineTokens(before);
  const b = lineTokens(after);
  let hunks = hunksOf(a, b);
  if (hunks.length === 0) return null;
  const offsets = [0];
  for (const line of a) offsets.push(offsets[offsets.length - 1]! + line.length);
  restart: for (;;) {
    const edits: Edit[] = [];
    let work = [...b];
    for (let i = hunks.length - 1; i >= 0; i--) {
      const h = hunks[i]!;
      const prev = hunks[i - 1];
      const next = hunks[i + 1];
      for (let k = 0; ; k++) {
        const other = prev && h.b0 - k < prev.b1 ? i - 1 : next && h.b1 + k > next.b0 ? i + 1 : null;
        if (other !== null) {
          // The context this edit needs reaches the neighbouring change: one edit for both.
          const [x, y] = [hunks[Math.min(i, other)]!, hunks[Math.max(i, other)]!];
          hunks = [...hunks.slice(0, Math.min(i, other)), { a0: x.a0, a1: y.a1, b0: x.b0, b1: y.b1 }, ...hunks.slice(Math.max(i, other) + 1)];
          continue restart;
        }
        const lead = Math.min(k, h.b0, h.a0);
        const trail = Math.min(k, b.length - h.b1, a.length - h.a1);
        const old = work.slice(h.b0 - lead, h.b1 + trail).join("");
        const fixed = a.slice(h.a0 - lead, h.a1 + trail);
        if (old !== "" && occurrences(work.join(""), old).length === 1 && uniqueAlone(clean, before, old, fixed.join(""))) {
          if (touchesReserved(ctx, file, before, offsets[h.a0 - lead]!, offsets[h.a1 + trail]!)) return null;
          edits.push({ file_path: file, old_content: old, new_content: fixed.join("") });
          work = [...work.slice(0, h.b0 - lead), ...fixed, ...work.slice(h.b1 + trail)];
          break;
        }
        if (h.b0 - lead === 0 && h.b1 + trail === b.length) return null;
      }
    }
    return edits;
  }
}

/** A file's text in the base, or undefined when the base does not have it. */
function cleanText(base: InjectionContext["base"], file: string): string | undefined {
  const f = base.files[file];
  return typeof f === "string" ? f : f?.content;
}

/** What an injector says about its fault; the changes and the repair are worked out from the new texts. */
export interface WorkflowFault {
  kind: string;
  /** The files the fault changes and their new texts (workflows and the files they read). */
  changed: { file: string; content: string }[];
  /**
   * Files the fault adds to or creates that the repair leaves as they are (an `.npmrc` that enforces engines):
   * only appended to, so no other fault's text in them changes; `text` is what was added.
   */
  kept?: { file: string; content: string; text: string }[];
  world?: Injection["world"];
  issue: Injection["issue"];
}

/**
 * The Injection for a fault: its changes, the repair (one edit_file putting each changed span back), and
 * the introduced texts; null when a change touches another fault's text or its repair cannot be exact.
 */
export function workflowInjection(ctx: Pick<InjectionContext, "files" | "reserved" | "base">, fault: WorkflowFault): Injection | null {
  const edits: Edit[] = [];
  for (const { file, content } of fault.changed) {
    const before = ctx.files.get(file)?.content;
    if (before === undefined || before === content) return null;
    // Another fault's text must occur as often as it did, or its repair would match twice.
    if (ctx.reserved.some((r) => r.file === file && occurrences(content, r.text).length !== occurrences(before, r.text).length)) return null;
    const own = repairEdits(ctx, file, before, content, cleanText(ctx.base, file));
    if (!own) return null;
    edits.push(...own);
  }
  const changes: FileChange[] = [...fault.changed, ...(fault.kept ?? []).map(({ file, content }) => ({ file, content }))];
  return {
    kind: fault.kind,
    layer: "workflow",
    changes,
    ...(fault.world ? { world: fault.world } : {}),
    issue: fault.issue,
    repair: [{ action_type: "edit_file", edits }],
    introduced: [...edits.map((e) => ({ file: e.file_path, text: e.old_content })), ...(fault.kept ?? []).map(({ file, text }) => ({ file, text }))],
  };
}
