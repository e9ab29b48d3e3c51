/**
 * A `run:` script's simple commands as the shared shell parser reads them, in the order bash meets them, with
 * their words as written. The declaration facts, the runner and the account of what an unreached step would
 * have done all read scripts through here, so a script is parsed once.
 */
import { parseScript } from "../shell/parse.js";
import type { AndOrList, SimpleCommand, Word } from "../shell/parse.js";
import type { ScriptCommand } from "./declared-events.js";

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
 * The simple commands a script runs, with those that only appear as printed text marked `printed` (so that
 * `echo "docker push app"` is not taken for a push).
 */
export function scriptCommands(script: string): ScriptCommand[] {
  const lines = script.split("\n");
  const out: ScriptCommand[] = [];
  for (const command of flatCommands(readScript(script))) {
    out.push({ argv: command.words.map(wordText), line: command.line, conditional: command.conditional, printed: false });
    const printed = printedBy(command, lines);
    if (printed === null) continue;
    for (const inner of flatCommands(readScript(printed))) {
      if (inner.words.length > 0) out.push({ argv: inner.words.map(wordText), line: command.line, conditional: command.conditional, printed: true });
    }
  }
  return out;
}
