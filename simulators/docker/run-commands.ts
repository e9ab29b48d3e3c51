/**
 * What a RUN step does to the image, for the commands whose effects later checks depend on: cd, mkdir, chmod,
 * chown, user creation, pip and npm installs, npm run build. Anything else succeeds without effect, since the
 * simulator must never invent a failure it cannot know about. Runs with `/bin/sh -c` semantics: no `-e`, so a
 * list's status is its last command's. This module interprets the script and hands each command to its handler
 * in commands/.
 */
import path from "node:path";
import { BadSubstitution, expandValue, expandWord } from "../shell/expand.js";
import { ValueTooLarge } from "../value-limits.js";
import { parseScript } from "../shell/parse.js";
import { commandWords, TEST_PROGRAMS, testText } from "../shell/commands.js";
import type { SimpleCommand, Word } from "../shell/parse.js";
import { isDir, knownAbsent, onPath, resolveIn } from "./image.js";
import { addUser } from "./commands/accounts.js";
import { cd, testCommand } from "./commands/builtins.js";
import type { CommandResult, CommandRun, GuardFact, Handler, RunEnvironment, ScriptCommand } from "./commands/command.js";
import { failure, ok } from "./commands/command.js";
import { chmod, chown, cp, install, mkdir, mv, touch } from "./commands/files.js";
import { applyRedirects } from "./commands/redirects.js";
import { go, installPackages, npm, pip } from "./commands/packages.js";
import { gradle, mvn } from "./commands/java.js";

export type { CommandResult, RunEnvironment } from "./commands/command.js";

/**
 * Programs whose presence differs between images and that the catalogue tracks: in a scenario, using one the
 * image lacks fails as sh does (`pip: not found` on a Node image). Other programs are assumed present.
 */
const TRACKED_PROGRAMS = new Set([
  "pip", "pip3", "python", "python3", "npm", "npx", "node", "yarn", "pnpm", "corepack", "go", "cargo", "rustc", "java", "javac",
  "mvn", "gradle", "gcc", "g++", "make", "curl", "wget", "git", "bash", "apt-get", "apk", "dnf", "yum", "useradd", "groupadd",
  "gunicorn", "uvicorn", "flask", "php", "composer", "ruby", "gem", "bundle", "nginx",
]);


/** Commands that create no files a later check could look for; any other unmodelled command makes the model inexact. */
const NO_FILE_EFFECTS = new Set([
  "apt-get", "apt", "apk", "dnf", "yum", "microdnf", "echo", "printf", "true", ":", "id", "whoami", "ls", "cat", "test", "[",
  "set", "sleep", "rm", "env", "which", "command", "groupadd", "addgroup", "usermod", "update-ca-certificates", "pip", "pip3",
  "npm", "yarn", "corepack", "export", "exit",
]);

const HANDLERS: Record<string, Handler> = {
  chmod,
  chown,
  mkdir,
  useradd: addUser,
  adduser: addUser,
  pip,
  pip3: pip,
  npm,
  cd,
  install,
  touch,
  go,
  mvn, gradle,
  cp,
  mv,
  test: testCommand,
  "[": testCommand,
  "apt-get": installPackages,
  apt: installPackages,
  apk: installPackages,
};

/** What a RUN step's shell carries from one command to the next. */
interface ShellState {
  cwd: string;
  vars: Map<string, string>;
  /** Variables set from a command's output (`X=$(cat VERSION)`): their values are not known. */
  unknown: Set<string>;
  /** Variables the script itself gave another value (`X="${X:-dev}"`): a guard on them checks the script's value. */
  rewritten: Set<string>;
  /** Programs this script runs with handlers of its own (a package script's build tool). */
  programs: Readonly<Record<string, Handler>>;
}

/**
 * Whether a word's value is unknown to the model: it holds a command substitution or arithmetic (commands are
 * not run, so their output is not known), or a variable that was set from one.
 */
function unknownWord(word: Word, unknown: ReadonlySet<string>): boolean {
  return word.parts.some((p) =>
    p.kind === "subst" ? p.text.startsWith("$(") || p.text.startsWith("`") : p.kind === "var" && (unknown.has(p.name) || /\$\(|`/.test(p.fallback ?? "")),
  );
}

/**
 * dash's answer when a value outgrows memory (`a=$a$a$a$a`, forty times): the shell stops with "Out of space",
 * status 2. Nothing after it runs.
 */
const OUT_OF_SPACE = "/bin/sh: 1: Out of space";

/** Runs one simple command. Without `-e`, a failure does not stop the step: the caller goes on to the next. */
function runCommand(command: SimpleCommand, state: ShellState, env: RunEnvironment): CommandResult {
  try {
    return runExpandedCommand(command, state, env);
  } catch (e) {
    if (e instanceof ValueTooLarge) return { ...failure(2, OUT_OF_SPACE), fatal: true };
    if (e instanceof BadSubstitution) return failure(2, `/bin/sh: 1: ${e.message}`);
    throw e;
  }
}

function runExpandedCommand(command: SimpleCommand, state: ShellState, env: RunEnvironment): CommandResult {
  const { image } = env;
  let argv: string[];
  let assigned: [string, string][];
  try {
    argv = command.words.flatMap((w) => expandWord(w, { env: state.vars }));
    assigned = command.assignments.map((a) => [a.name, expandValue(a.value, { env: state.vars })]);
  } catch (e) {
    if (e instanceof BadSubstitution) return failure(2, `/bin/sh: 1: ${e.message}`);
    throw e;
  }
  const [name, ...args] = argv;
  // `VAR=value` alone sets a shell variable; before a command it is only that command's environment.
  if (name === undefined) {
    command.assignments.forEach((a, index) => {
      const [k, v] = assigned[index]!;
      if ((state.vars.get(k) ?? "") !== v) state.rewritten.add(k);
      state.vars.set(k, v);
      if (unknownWord(a.value, state.unknown)) state.unknown.add(k);
      else state.unknown.delete(k);
    });
    return applyRedirects(redirectsOf(command, state), state.cwd, image, undefined) ?? ok;
  }
  if (name === "export") {
    for (const word of command.words.slice(1)) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(word.raw);
      const value = m ? expandValue(word, { env: state.vars }).slice(m[0].length) : undefined;
      if (!m || value === undefined) continue;
      if ((state.vars.get(m[1]!) ?? "") !== value) state.rewritten.add(m[1]!);
      state.vars.set(m[1]!, value);
      if (unknownWord(word, state.unknown)) state.unknown.add(m[1]!);
      else state.unknown.delete(m[1]!);
    }
    return ok;
  }
  const redirected = applyRedirects(redirectsOf(command, state), state.cwd, image, name === "echo" ? echoed(args) : undefined);
  if (redirected) return redirected;
  // A command that reads what another printed (`[ "$V" = "$(cat VERSION)" ]`, `apk add $runDeps bash`) works
  // on values the model does not have: what it does with the rest still counts, but it cannot fail here.
  if (command.words.some((w) => unknownWord(w, state.unknown))) {
    if (!env.strict) image.exact = false;
    if (name === "cd" || name === "test" || name === "[") return ok;
    const result = runKnownCommand(name, args, assigned, state, env);
    return result.status === 0 ? result : ok;
  }
  return runKnownCommand(name, args, assigned, state, env);
}

/** Runs one command, its words expanded. */
function runKnownCommand(name: string, args: string[], assigned: [string, string][], state: ShellState, env: RunEnvironment): CommandResult {
  const { image } = env;
  if (name === "cd") {
    const target = resolveIn(state.cwd, args[0] ?? "/root");
    if (!isDir(image, target) && knownAbsent(image, target)) return failure(2, `/bin/sh: 1: cd: can't cd to ${args[0] ?? "~"}`);
    state.cwd = target;
    return ok;
  }
  if (name === "false") return failure(1);
  if ((name === "python" || name === "python3") && args[0] === "-m" && args[1] === "pip") return pip(args.slice(2), state.cwd, env);
  const program = path.posix.basename(name);
  const handler = Object.hasOwn(state.programs, program) ? state.programs[program] : HANDLERS[program];
  if (env.strict && image.known && TRACKED_PROGRAMS.has(program) && !name.includes("/") && onPath(image, program) === null) {
    return failure(127, `/bin/sh: 1: ${program}: not found`);
  }
  if (handler) return handler(args, state.cwd, { ...env, vars: new Map([...state.vars, ...assigned]), sh: packageScript });
  if (!env.strict && !NO_FILE_EFFECTS.has(program)) image.exact = false;
  return ok;
}

/** The output redirections of a command, their targets expanded (null where the target's text is unknown). */
function redirectsOf(command: SimpleCommand, state: ShellState): Array<{ op: string; target: string | null }> {
  return command.redirects.map((r) => {
    if (r.target === null || unknownWord(r.target, state.unknown)) return { op: r.op, target: null };
    try {
      return { op: r.op, target: expandValue(r.target, { env: state.vars }) };
    } catch (e) {
      if (e instanceof BadSubstitution) return { op: r.op, target: null };
      throw e;
    }
  });
}

/** What `echo ARGS` prints (dash's echo: no options, a newline at the end). */
function echoed(args: readonly string[]): string {
  return `${args.join(" ")}\n`;
}

/** A `test`/`[` command as a fact: its text and the variables it reads, with their values and origins. */
function guardOf(command: SimpleCommand, state: ShellState, env: RunEnvironment, status: number): GuardFact | null {
  const first = command.words[0]?.raw ?? "";
  if (!TEST_PROGRAMS.has(first)) return null;
  const names = [...new Set(command.words.flatMap((w) => w.parts.flatMap((p) => (p.kind === "var" ? [p.name] : []))))];
  const text = testText(first, command.words.slice(1).map((w) => w.raw));
  const variables = names.map((name) => {
    const value = state.vars.get(name);
    const origin = value === undefined ? ("unset" as const) : state.rewritten.has(name) ? ("default" as const) : (env.origins?.get(name) ?? "image");
    return { name, value: value ?? "", origin };
  });
  return { text, variables, status };
}

/** Runs a shell-form RUN script (or an exec-form argv) against the image. */
/**
 * What sh refuses before running anything: a list that starts with an operator (`RUN && pip install …`, a
 * lost line continuation's other half) or ends with one. The reader itself is lenient, so this is checked here.
 */
function syntaxError(script: string): string | null {
  const lines = script.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("#"));
  const first = /^(&&|\|\||;;|;|\|)/.exec(lines[0] ?? "");
  if (first) return `Syntax error: "${first[1]}" unexpected`;
  if (/(&&|\|\||\|)$/.test(lines[lines.length - 1] ?? "")) return "Syntax error: end of file unexpected";
  return null;
}

/** `sh -c` for a package script npm runs: the same interpreter, from the package's directory, with its programs. */
const packageScript: NonNullable<RunEnvironment["sh"]> = (script, cwd, env, programs) => runScript(script, env, { cwd, vars: env.vars ?? env.image.env, programs });

export function runScript(script: string, env: RunEnvironment, from?: { cwd: string; vars: ReadonlyMap<string, string>; programs: Readonly<Record<string, Handler>> }): CommandResult {
  const { image } = env;
  const shell = image.shell[0] ?? "/bin/sh";
  if (image.known && !image.fs.has(shell) && !image.binaries.has(path.posix.basename(shell))) {
    return failure(1, `runc run failed: unable to start container process: error during container init: exec: "${shell}": stat ${shell}: no such file or directory: unknown`);
  }
  const syntax = syntaxError(script);
  if (syntax) return failure(2, `/bin/sh: 1: ${syntax}`);
  const state: ShellState = { cwd: from?.cwd ?? image.workdir, vars: new Map(from?.vars ?? image.env), unknown: new Set(), rewritten: new Set(), programs: from?.programs ?? {} };
  let status = 0;
  const output: string[] = [];
  const guards: GuardFact[] = [];
  const ran: CommandRun[] = [];
  const unfollowed: ScriptCommand[] = [];
  const skipped: ScriptCommand[] = [];
  const named = (command: SimpleCommand): ScriptCommand | null => {
    const words = commandWords(command);
    return words.length === 0 ? null : { name: words[0]!, args: words.slice(1) };
  };
  let stopped = false;
  for (const list of parseScript(script, { githubExpressions: false })) {
    if (stopped) break;
    list.pipelines.forEach((pipeline, index) => {
      if (stopped) return;
      const op = list.ops[index - 1];
      if ((op === "&&" && status !== 0) || (op === "||" && status === 0)) {
        // Never run: the list's status before it decided (`true || npm ci` runs no npm ci).
        for (const command of pipeline.commands) {
          const never = named(command);
          if (never) skipped.push(never);
        }
        return;
      }
      for (const command of pipeline.commands) {
        // Inside if/for/while/case, a function, a subshell or `!`, whether and how a command runs is control
        // flow the model does not follow: it neither fails the step nor changes what the model knows. A list
        // sent to the background (`… &`) returns at once with status 0, whatever it does after.
        if (command.conditional || pipeline.negated || list.background) {
          if (!env.strict) image.exact = false;
          status = 0;
          const unknown = named(command);
          if (unknown) unfollowed.push(unknown);
          continue;
        }
        if (stopped) break;
        const reads = command.words.some((w) => unknownWord(w, state.unknown));
        const result = runCommand(command, state, env);
        status = result.status;
        output.push(...result.output);
        if (result.fatal) stopped = true;
        const guard = guardOf(command, state, env, result.status);
        if (guard) guards.push(guard);
        const run = named(command);
        if (run) ran.push({ ...run, status: result.status, known: !reads });
      }
    });
  }
  return { status, output, guards, ran, unfollowed, skipped };
}
