/**
 * A `run:` script's simple commands as the shared shell parser reads them, in the order bash meets them, with
 * their words as written. The declaration facts, the runner and the account of what an unreached step would
 * have done all read scripts through here, so a script is parsed once.
 */
import { parseScript } from "../shell/parse.js";
import type { AndOrList, Frame, SimpleCommand, Word } from "../shell/parse.js";
import { exitStatusOf, literalLoopWords, MAX_CALL_DEPTH, MAX_COMMAND_RUNS, programOf, runsConditionally } from "../shell/program.js";
import type { ProgramNode } from "../shell/program.js";
import type { ScriptCommand } from "./declared-events.js";
import { runsNoTests } from "./test-commands.js";

/** Parsed scripts by text, least recently read first: an episode re-runs the same workflows step after step. */
const PARSED = new Map<string, AndOrList[]>();
const MAX_PARSED = 512;
/** Longer scripts are parsed each time rather than held. */
const MAX_CACHED_LENGTH = 16_384;

/** A script as the shell parser reads it (shared: callers only read it). */
export function readScript(script: string): readonly AndOrList[] {
  if (script.length > MAX_CACHED_LENGTH) return parseScript(script);
  let lists = PARSED.get(script);
  if (lists) PARSED.delete(script);
  else {
    lists = parseScript(script);
    if (PARSED.size >= MAX_PARSED) PARSED.delete(PARSED.keys().next().value!);
  }
  PARSED.set(script, lists);
  return lists;
}

/** Every simple command of parsed lists, in order (pipelines left to right, lists top to bottom). */
export function flatCommands(lists: readonly AndOrList[]): SimpleCommand[] {
  return lists.flatMap((list) => list.pipelines.flatMap((p) => p.commands));
}

/** A word's text as written, quotes removed; expansions stay as their source text. */
export function wordText(word: Word): string {
  return word.parts
    .map((p) => {
      switch (p.kind) {
        case "lit":
          return p.text;
        case "var":
          return p.op ? `\${${p.name}${p.op}${p.fallback ?? ""}}` : `$${p.name}`;
        case "expr":
          return `\${{ ${p.inner} }}`;
        default:
          return p.text;
      }
    })
    .join("");
}

/** Whether a word is plain text (no variable, expression or command substitution in it). */
export function isLiteral(word: Word): boolean {
  return word.parts.every((p) => p.kind === "lit");
}

const PRINTERS = new Set(["echo", "printf"]);

/** The body of a `cat <<EOF` here-document that starts after the command's line, or null. */
function hereDocument(command: SimpleCommand, lines: readonly string[]): string | null {
  const redirect = command.redirects.find((r) => r.op === "<<" || r.op === "<<-");
  if (!redirect?.target) return null;
  const delimiter = redirect.target.raw.replace(/['"\\]/g, "");
  const body: string[] = [];
  for (const line of lines.slice(command.line)) {
    if ((redirect.op === "<<-" ? line.replace(/^\t+/, "") : line).trim() === delimiter) break;
    body.push(line);
  }
  return body.join("\n");
}

/** The commands a printing command only shows: the words echo/printf print, a cat here-document's text. */
function printedBy(command: SimpleCommand, lines: readonly string[]): string | null {
  const name = command.words[0] ? wordText(command.words[0]) : "";
  if (PRINTERS.has(name)) return command.words.slice(1).map(wordText).join(" ");
  if (name === "cat") return hereDocument(command, lines);
  return null;
}

/**
 * The simple commands a script runs, in the order bash runs them, with those that only appear as printed text
 * marked `printed` (so that `echo "docker push app"` is not taken for a push). Control flow is followed where
 * the script itself decides it (program.ts): a function's body is its callers' commands (one nothing calls
 * runs nothing), a loop over words the script lists runs its body once per word, and nothing after an
 * unconditional `exit` runs. What follows a possible `exit 0` runs only conditionally: the script may end,
 * successfully, before it.
 */
export function scriptCommands(script: string): ScriptCommand[] {
  const lines = script.split("\n");
  const out: ScriptCommand[] = [];
  const functions = new Map<string, { frame: Frame; body: ProgramNode[] }>();
  const followed = new Set<Frame>();
  let runs = 0;
  /** A successful `exit` (or `return` from the script's level) may have ended the script by now. */
  let mayHaveEnded = false;

  const emit = (command: SimpleCommand, conditional: boolean): void => {
    runs++;
    const argv = command.words.map(wordText);
    const c = conditional || mayHaveEnded;
    out.push({ argv, line: command.line, conditional: c, printed: false, runsNoTests: runsNoTests(argv) });
    const printed = printedBy(command, lines);
    if (printed === null) return;
    for (const inner of flatCommands(readScript(printed))) {
      if (inner.words.length > 0) out.push({ argv: inner.words.map(wordText), line: command.line, conditional: c, printed: true, runsNoTests: false });
    }
  };

  const follow = <T>(frame: Frame, run: () => T): T => {
    const had = followed.has(frame);
    followed.add(frame);
    try {
      return run();
    } finally {
      if (!had) followed.delete(frame);
    }
  };

  const runList = (list: AndOrList, outer: boolean, calls: number): Flow => {
    for (let i = 0; i < list.pipelines.length; i++) {
      const pipeline = list.pipelines[i]!;
      for (const command of pipeline.commands) {
        const conditional = outer || runsConditionally(command, followed);
        const name = command.words[0] ? wordText(command.words[0]) : "";
        const fn = functions.get(name);
        if (fn && calls < MAX_CALL_DEPTH && runs < MAX_COMMAND_RUNS) {
          const flow = follow(fn.frame, () => walk(fn.body, conditional, calls + 1));
          if (flow === "exit") return flow;
          continue;
        }
        emit(command, conditional);
        const ends = name === "exit" || (name === "return" && calls > 0);
        if (!ends || pipeline.commands.length > 1) continue;
        // Unconditional and first in its list: the script (or the function) ends here.
        if (!conditional && i === 0) return name === "exit" ? "exit" : "return";
        if (exitStatusOf(command.words[1] ? wordText(command.words[1]) : undefined, 0).status === 0 && name === "exit") mayHaveEnded = true;
      }
    }
    return "next";
  };

  const walk = (nodes: readonly ProgramNode[], outer: boolean, calls: number): Flow => {
    for (const node of nodes) {
      let flow: Flow = "next";
      if (node.kind === "list") flow = runList(node.list, outer, calls);
      else if (node.frame.kind === "function") functions.set(node.frame.name, { frame: node.frame, body: node.body });
      else {
        const frame = node.frame;
        const words = frame.kind === "for" && runs < MAX_COMMAND_RUNS ? literalLoopWords(frame) : null;
        if (words) flow = follow(frame, () => loop(words.length, () => (runs < MAX_COMMAND_RUNS ? walk(node.body, outer, calls) : "next")));
        // Control flow not followed: its commands once, each conditional.
        else flow = walk(node.body, outer, calls);
      }
      if (flow !== "next") return flow;
    }
    return "next";
  };

  walk(programOf(readScript(script)), false, 0);
  return out;
}

type Flow = "next" | "exit" | "return";

/** A loop's body `times` times, until it ends the script or its function. */
function loop(times: number, body: () => Flow): Flow {
  for (let n = 0; n < times; n++) {
    const flow = body();
    if (flow !== "next") return flow;
  }
  return "next";
}
