/**
 * Whether a container's process is its image's app, read from the argv the kubelet starts: the port and address
 * the world gives the app are where the app listens, not where `sleep infinity` or a `node -e` one-liner put in
 * its place does. A process that only idles or prints runs no server at all; one that evaluates code given on
 * its command line runs something the model cannot know. Anything else is taken to reach the app, as before.
 */
import path from "node:path";
import { commandFacts } from "../shell/commands.js";

export type AppProcess = "app" | "other" | "unknown";

/** Programs that serve nothing: they idle, print or exit (`sleep infinity`, `tail -f /dev/null`). */
const IDLE = new Set(["sleep", "tail", "cat", "true", "false", ":", "echo", "printf", "yes", "wait", "exit", "pause"]);

/** Entrypoints that exec the command they are given. */
const PASS_THROUGH = new Set(["tini", "dumb-init", "docker-entrypoint.sh", "--"]);

/** Interpreters and the options after which their code is the next word, not a file. */
const EVAL_OPTIONS: readonly [RegExp, ReadonlySet<string>][] = [
  [/^node$/, new Set(["-e", "--eval", "-p", "--print"])],
  [/^python[0-9.]*$/, new Set(["-c"])],
  [/^ruby$/, new Set(["-e"])],
  [/^perl$/, new Set(["-e", "-E"])],
];

function evaluatesInline(words: readonly string[]): boolean {
  const program = path.posix.basename(words[0] ?? "");
  const options = EVAL_OPTIONS.find(([name]) => name.test(program))?.[1];
  if (!options) return false;
  for (const w of words.slice(1)) {
    if (options.has(w) || [...options].some((o) => o.startsWith("--") && w.startsWith(`${o}=`))) return true;
    if (!w.startsWith("-")) return false; // the script file: what follows are its arguments
  }
  return false;
}

/** What `argv` runs: the app (or what may be it), a program that serves nothing, or code the model cannot read. */
export function appProcess(argv: readonly string[]): AppProcess {
  let at = 0;
  while (at < argv.length - 1 && PASS_THROUGH.has(path.posix.basename(argv[at]!))) at += 1;
  const words = argv.slice(at);
  if (words.length === 0) return "app";
  const shell = /(^|\/)(ba|da|a)?sh$/.test(words[0]!) && words[1] === "-c";
  const commands = shell ? commandFacts(words[2] ?? "", { githubExpressions: false }).map((c) => [c.name, ...c.args]) : [words];
  if (commands.length === 0) return "app";
  if (commands.some(evaluatesInline)) return "unknown";
  return commands.every((c) => IDLE.has(path.posix.basename(c[0] ?? ""))) ? "other" : "app";
}
