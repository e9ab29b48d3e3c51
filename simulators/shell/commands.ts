/**
 * The commands a script runs, as facts: each simple command's program (after `VAR=x` prefixes and wrappers
 * such as sudo, env, exec and time), its arguments as written, and how it runs (inside control flow, or with
 * its failure swallowed by `|| true`). Read with the shared shell reader, so `echo "docker push x"` is one
 * echo with an argument, never a push. The grader compares these between states of a repository.
 */
import { literalWord } from "./expand.js";
import type { ParseOptions, SimpleCommand } from "./parse.js";
import { parseScript } from "./parse.js";

export interface CommandFact {
  /** The program as written (`pip`, `/usr/local/bin/gunicorn`, `docker`). */
  name: string;
  /** The words after it, literal where they are (quotes removed), as written where they expand anything. */
  args: string[];
  /** 1-based line in the script. */
  line: number;
  /** Inside if/while/for/case, a function or a subshell: whether it runs is control flow. */
  conditional: boolean;
  /** Its failure is swallowed: the next pipeline after `||` always succeeds (`|| true`, `|| :`, `|| exit 0`). */
  swallowed: boolean;
}

/** Programs that run the command they are given rather than being the command. */
const WRAPPERS = new Set(["sudo", "exec", "time", "command", "nohup", "env", "nice", "xargs"]);

/** Pipelines that always succeed, so a command followed by `||` and one of them cannot fail its script. */
function alwaysSucceeds(command: SimpleCommand | undefined): boolean {
  if (!command) return false;
  const words = command.words.map(literalWord);
  const name = words[0] ?? "";
  return name === "true" || name === ":" || (name === "exit" && (words[1] ?? "0") === "0") || name === "echo" || name === "printf";
}

function unwrap(words: string[]): string[] {
  let rest = words;
  while (rest.length > 0 && WRAPPERS.has(rest[0]!.replace(/^.*\//, ""))) {
    rest = rest.slice(1);
    // Wrapper options and env's NAME=value pairs come before the command.
    while (rest.length > 0 && (/^-/.test(rest[0]!) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[0]!))) rest = rest.slice(1);
  }
  return rest;
}

/** A simple command's program and arguments as the facts name them: literal words, wrappers taken off. */
export function commandWords(command: SimpleCommand): string[] {
  return unwrap(command.words.map(literalWord));
}

/** The programs of a test: `test`, and `[`/`[[` with their closing bracket. */
export const TEST_PROGRAMS = new Set(["test", "[", "[["]);

/**
 * A test command's text, one way for each way of writing it: `[ -n "$X" ]`, `[[ -n "$X" ]]` and
 * `test -n "$X"` are the same check, `${X}` reads as `$X`, and whitespace is collapsed.
 */
export function testText(name: string, args: readonly string[]): string {
  const last = args[args.length - 1];
  const body = (name === "[" && last === "]") || (name === "[[" && last === "]]") ? args.slice(0, -1) : args;
  return ["test", ...body].join(" ").replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, "$$$1").replace(/\s+/g, " ");
}

const SHELLS = new Set(["sh", "/bin/sh", "bash", "/bin/bash", "ash", "/bin/ash", "dash", "/bin/dash"]);

/** What an exec-form argv runs as a script: `["/bin/sh", "-c", "…"]` runs its script as the shell form does. */
export function execScript(argv: readonly string[]): string {
  return argv.length >= 3 && SHELLS.has(argv[0]!) && argv[1] === "-c" ? argv[2]! : argv.join(" ");
}

/** Every simple command of `script`, in order. Never throws. */
export function commandFacts(script: string, options: Partial<ParseOptions> = {}): CommandFact[] {
  const out: CommandFact[] = [];
  for (const list of parseScript(script, options)) {
    list.pipelines.forEach((pipeline, index) => {
      const next = list.pipelines[index + 1];
      const swallowed = list.ops[index] === "||" && next !== undefined && alwaysSucceeds(next.commands[0]);
      for (const command of pipeline.commands) {
        const words = unwrap(command.words.map(literalWord));
        if (words.length === 0) continue;
        out.push({ name: words[0]!, args: words.slice(1), line: command.line, conditional: command.conditional || pipeline.negated, swallowed });
      }
    });
  }
  return out;
}
