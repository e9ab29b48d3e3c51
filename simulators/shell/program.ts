/**
 * A script's control flow as far as the simulators follow it, over the lists `parseScript` reads: function
 * definitions (whose bodies run only when called), `for` loops over words the simulator can know (run once
 * per word, the variable set), and `exit`/`return`. Every other compound command (if/while/case, a
 * subshell, a loop over words it cannot know) is not followed: its commands run "conditionally", which a
 * simulator treats as control flow it does not decide, and which never earns credit.
 *
 * The interpreters (a workflow step's runner, the declaration facts) walk the tree `programOf` builds; the
 * limits here bound what any script can cost them.
 */
import type { AndOrList, Frame, SimpleCommand, Word } from "./parse.js";

/** A loop over more words than this is not unrolled: its body runs once, as control flow not followed. */
export const MAX_LOOP_WORDS = 32;
/** Nested function calls deeper than this are not followed (bash's own limit is far higher; a script that recurses is not a pipeline's). */
export const MAX_CALL_DEPTH = 16;
/** Simple commands one script may run, loops and calls included, before the rest runs once each, not followed. */
export const MAX_COMMAND_RUNS = 2048;

export type ProgramNode = { kind: "list"; list: AndOrList } | { kind: "frame"; frame: Frame; body: ProgramNode[] };

function framesOf(list: AndOrList): readonly Frame[] {
  return list.pipelines[0]?.commands[0]?.frames ?? [];
}

function group(lists: readonly AndOrList[], from: number, to: number, level: number): ProgramNode[] {
  const out: ProgramNode[] = [];
  for (let i = from; i < to; ) {
    const frame = framesOf(lists[i]!)[level];
    if (!frame) {
      out.push({ kind: "list", list: lists[i]! });
      i++;
      continue;
    }
    let j = i + 1;
    while (j < to && framesOf(lists[j]!)[level] === frame) j++;
    out.push({ kind: "frame", frame, body: group(lists, i, j, level + 1) });
    i = j;
  }
  return out;
}

/**
 * The lists of a script as a tree of the compound commands they sit in, in script order. A list that starts
 * outside a compound command and runs into one (`test -f x && { make; }`) stays whole where it starts; its
 * inner commands keep their frames, so they still count as control flow not followed.
 */
export function programOf(lists: readonly AndOrList[]): ProgramNode[] {
  return group(lists, 0, lists.length, 0);
}

/**
 * Whether a command runs only as control flow not followed: it sits in a compound command other than the
 * function calls and loops the interpreter is following now.
 */
export function runsConditionally(command: SimpleCommand, followed: ReadonlySet<Frame>): boolean {
  if (!command.conditional) return false;
  return command.frames.length === 0 || command.frames.some((f) => !followed.has(f));
}

/**
 * The words a `for` loop runs over, when they are known from the script itself: literal words, and GitHub
 * expressions (substituted before bash runs). Null when the loop's words expand anything else
 * (a variable, a command's output, a glob), when there is no `in` (the positional parameters), or when there
 * are more than MAX_LOOP_WORDS of them: whether and how often its body runs is then not known.
 */
export function literalLoopWords(frame: Extract<Frame, { kind: "for" }>): Word[] | null {
  if (frame.variable === "" || frame.words === null || frame.words.length > MAX_LOOP_WORDS) return null;
  const known = frame.words.every((w) => w.parts.every((p) => (p.kind === "lit" && (p.quoted || !/[*?[]/.test(p.text))) || p.kind === "expr"));
  return known ? frame.words : null;
}

/** `exit N`'s status as bash takes it (modulo 256; a non-number is exit 2 with bash's message); `last` for a bare `exit`. */
export function exitStatusOf(arg: string | undefined, last: number): { status: number; message?: string } {
  if (arg === undefined) return { status: last };
  if (!/^[+-]?\d+$/.test(arg.trim())) return { status: 2, message: `exit: ${arg}: numeric argument required` };
  return { status: ((Number.parseInt(arg, 10) % 256) + 256) % 256 };
}
