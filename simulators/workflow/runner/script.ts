/**
 * Executes a `run:` script with `bash -e` semantics: words are expanded against the step's environment
 * (an unmapped `$VAR` is empty), pipelines pass stdout to stdin, and the first failing command that is not
 * inside `&&`/`||` (except as the last of them), a condition or a `|| true` ends the step with its exit
 * code. A command fails where a rule finds it fails (judge.ts). Failures that bash swallows are returned too,
 * because a `|| true` is a switch-off, not a fix.
 *
 * Control flow is followed where the script decides it (simulators/shell/program.ts): a function's body runs
 * when it is called, a loop over words it can know runs once per word with its variable set, and `exit N`
 * ends the script with status N (a non-zero one fails the step, as on GitHub). A loop over words it cannot
 * know (a command's output, a glob) runs once with an unknown value, its commands conditional.
 */
import type { AndOrList, Frame, Pipeline, SimpleCommand, Word } from "../../shell/parse.js";
import { exitStatusOf, MAX_CALL_DEPTH, MAX_COMMAND_RUNS, MAX_LOOP_WORDS, programOf, runsConditionally } from "../../shell/program.js";
import type { ProgramNode } from "../../shell/program.js";
import { ValueTooLarge } from "../../value-limits.js";
import { readScript } from "../script-commands.js";
import { runCommand } from "./commands.js";
import type { CommandContext } from "./commands.js";
import type { Scope } from "./evaluate.js";
import { evaluateText } from "./evaluate.js";
import { noteRedirectWrite, readRedirect } from "./file-access.js";
import { operated } from "./parameter-operators.js";
import { exitStatus } from "./state.js";
import type { RunnerState, StepFailure } from "./state.js";
import { COMMAND_OUTPUT, concat, fnv, literal, OPAQUE } from "./values.js";
import type { Arg, Sval } from "./values.js";

export interface ScriptOutcome {
  status: number;
  output: string[];
  failure: StepFailure | null;
  swallowed: StepFailure[];
  /** The script as the shell parser read it (its commands in order, for what a failure left unreached). */
  lists: readonly AndOrList[];
  /** `name=value` lines the script wrote to $GITHUB_OUTPUT and $GITHUB_ENV. */
  outputs: Map<string, Sval>;
  exports: Map<string, Sval>;
}

export interface ScriptInput {
  script: string;
  env: Map<string, Sval>;
  scope: Scope;
  state: RunnerState;
  cwd: string;
  pipefail: boolean;
  bashPrefix: (line: number) => string;
  workspaceRoot: string;
}

/**
 * Variables bash sets from what commands did, which a run does not follow: unknown, not empty. ruff's ci.yaml
 * ends its prek step with `exit "${PIPESTATUS[0]}"`, the status of a pipeline's first command.
 */
const SHELL_SET = new Set(["PIPESTATUS"]);

function shellSet(name: string): Sval | undefined {
  return SHELL_SET.has(name) ? { text: `x${fnv(name)}`, origin: COMMAND_OUTPUT } : undefined;
}

class BadSubstitution {
  constructor(readonly text: string) {}
}

function expand(word: Word, env: Map<string, Sval>, scope: Scope): Arg[] | BadSubstitution {
  const parts: Sval[] = [];
  let quoted = false;
  let unquotedVariable = false;
  for (const part of word.parts) {
    if (part.kind === "bad") return new BadSubstitution(part.text);
    if (part.kind !== "lit" && part.quoted) quoted = true;
    if (part.kind === "lit") {
      if (part.quoted) quoted = true;
      parts.push(literal(part.text));
    } else if (part.kind === "expr") parts.push(evaluateText(part.inner, scope));
    else if (part.kind === "subst") parts.push({ text: `x${fnv(part.text)}`, origin: COMMAND_OUTPUT });
    else {
      if (!part.quoted) unquotedVariable = true;
      const value = env.get(part.name) ?? shellSet(part.name) ?? { text: "", origin: { kind: "unmapped" as const, name: part.name } };
      const op = part.op ?? "";
      if ((op === ":-" || op === ":=") && value.text === "") parts.push(literal(part.fallback ?? ""));
      else if (op === "-" || op === "=") parts.push(env.has(part.name) ? value : literal(part.fallback ?? ""));
      else if (op === ":+" || op === "+") parts.push(value.text !== "" ? literal(part.fallback ?? "") : literal(""));
      else if (op !== "" && op !== ":?" && op !== "?") parts.push(operated(value, part.name, op, part.fallback ?? ""));
      else parts.push(value);
    }
  }
  const value = concat(parts);
  if (!quoted && value.text.trim() === "") return [];
  // Unquoted expansions split on whitespace, as bash's word splitting does.
  if (!quoted && unquotedVariable && /\s/.test(value.text.trim())) {
    return value.text.trim().split(/\s+/).map((text) => ({ text, origin: value.origin, quoted: false }));
  }
  return [{ ...value, quoted }];
}

const WRITE_REDIRECTS = new Set([">", ">>", "&>", "&>>", ">|"]);

/**
 * A command's redirections, which bash opens before it runs the command: `> file` creates the file, `< file`
 * is read (and fails when it is not there). Returns that failure.
 */
function applyRedirects(command: SimpleCommand, env: Map<string, Sval>, input: ScriptInput, cwd: string): StepFailure | null {
  for (const redirect of command.redirects) {
    if (!redirect.target) continue;
    const writes = WRITE_REDIRECTS.has(redirect.op) || (redirect.op === ">&" && !/^(\d+|-)$/.test(redirect.target.raw));
    if (!writes && redirect.op !== "<") continue;
    const expanded = expand(redirect.target, env, input.scope);
    if (expanded instanceof BadSubstitution || expanded.length !== 1) {
      if (writes) input.state.filesUntracked = true;
      continue;
    }
    const target = expanded[0]!;
    if (writes) noteRedirectWrite(input.state, target, cwd, input.workspaceRoot);
    else {
      const site = { at: input.state.judge.site.scriptLine(command.line), bashPrefix: input.bashPrefix(command.line), workspaceRoot: input.workspaceRoot };
      const refused = readRedirect(input.state, target, cwd, site);
      if (refused) return refused;
    }
  }
  return null;
}

/**
 * The values a `for` loop runs over, or null when they cannot be known: a word that substitutes a command's
 * output or globs, an unquoted expansion of a value the simulator does not know (its words are unknown),
 * more than MAX_LOOP_WORDS of them, or no `in` (the positional parameters, which the runner does not give).
 */
function loopValues(frame: Extract<Frame, { kind: "for" }>, env: Map<string, Sval>, scope: Scope): Sval[] | null {
  if (frame.variable === "" || frame.words === null) return null;
  const values: Sval[] = [];
  for (const word of frame.words) {
    if (word.parts.some((p) => p.kind === "subst" || p.kind === "bad" || (p.kind === "lit" && !p.quoted && /[*?[]/.test(p.text)))) return null;
    const expanded = expand(word, env, scope);
    if (expanded instanceof BadSubstitution || expanded.some((a) => !a.quoted && a.origin.kind === "opaque")) return null;
    values.push(...expanded);
    if (values.length > MAX_LOOP_WORDS) return null;
  }
  return values;
}

interface CommandRun {
  status: number;
  failure: StepFailure | null;
  stdout: Sval | null;
}

export function runScript(input: ScriptInput): ScriptOutcome {
  const lists = readScript(input.script);
  const out: ScriptOutcome = { status: 0, output: [], failure: null, swallowed: [], lists, outputs: new Map(), exports: new Map() };
  const { judge } = input.state;
  const env = new Map(input.env);
  let cwd = input.cwd;
  let errexit = true;
  let pipefail = input.pipefail;
  const functions = new Map<string, { frame: Frame; body: readonly ProgramNode[] }>();
  /** The function calls and loops being followed now: their commands run as the script says. */
  const followed = new Set<Frame>();
  /** Depth of control flow not followed around what runs now (a loop over unknown words, a call inside an if). */
  let notFollowed = 0;
  let calls = 0;
  let runs = 0;
  let lastStatus = 0;
  /** `exit` ran: the status it ends the script with, and where. */
  /** The `exit` that ended the list; `known` false when its status is a value we cannot read (`exit $?`). */
  let exited: { status: number; known: boolean; command: SimpleCommand } | null = null;
  /** `return` ran in the function being called. */
  let returned = false;

  const follow = <T>(frame: Frame, conditional: boolean, run: () => T): T => {
    const had = followed.has(frame);
    followed.add(frame);
    if (conditional) notFollowed++;
    try {
      return run();
    } finally {
      if (!had) followed.delete(frame);
      if (conditional) notFollowed--;
    }
  };

  /**
   * A value past MAX_VALUE_CHARS (`a=$a$a$a$a`, forty times) is where bash runs out of memory: it prints
   * xrealloc's error and exits with status 2, whatever -e says.
   */
  const runSimple = (command: SimpleCommand, stdin: Sval | null, alone: boolean): CommandRun => {
    try {
      return runSimpleCommand(command, stdin, alone);
    } catch (e) {
      if (!(e instanceof ValueTooLarge)) throw e;
      out.output.push(`${input.bashPrefix(command.line)} xrealloc: cannot allocate ${e.chars} bytes`);
      const failure = judge.judge({ type: "script-exit", step: judge.step, at: judge.site.scriptLine(command.line), status: 2 });
      end(2, failure ? { ...failure, command } : null);
      return { status: 2, failure: null, stdout: null };
    }
  };
  const runSimpleCommand = (command: SimpleCommand, stdin: Sval | null, alone: boolean): CommandRun => {
    runs++;
    const conditional = notFollowed > 0 || runsConditionally(command, followed);
    const at = judge.site.scriptLine(command.line);
    const bashPrefix = input.bashPrefix(command.line);
    // bash fails on a substitution it cannot read wherever the command sits.
    const bad = (text: string): CommandRun | null => {
      const failure = judge.judge({ type: "substitution", step: judge.step, at, text, bashPrefix });
      if (!failure) return null;
      out.output.push(...failure.failure.output);
      return { status: exitStatus(failure), failure: { ...failure, command }, stdout: null };
    };
    const args: Arg[] = [];
    let removedEmpty = false;
    for (const word of command.words) {
      const expanded = expand(word, env, input.scope);
      if (expanded instanceof BadSubstitution) {
        const failed = bad(expanded.text);
        if (failed) return failed;
        args.push({ ...literal(expanded.text), quoted: false });
        continue;
      }
      if (expanded.length === 0) removedEmpty = true;
      args.push(...expanded);
    }
    const assigned: [string, Sval][] = [];
    for (const a of command.assignments) {
      const expanded = expand(a.value, env, input.scope);
      if (expanded instanceof BadSubstitution) {
        const failed = bad(expanded.text);
        if (failed) return failed;
        assigned.push([a.name, literal(expanded.text)]);
        continue;
      }
      assigned.push([a.name, expanded.length === 0 ? literal("") : concat(expanded)]);
    }
    const refused = judge.command(conditional, () => applyRedirects(command, env, input, cwd));
    if (refused) {
      if (conditional) return { status: 0, failure: null, stdout: null };
      out.output.push(...refused.failure.output);
      return { status: exitStatus(refused), failure: { ...refused, command }, stdout: null };
    }
    const [name, ...rest] = args;
    const fn = name ? functions.get(name.text) : undefined;
    if (fn && calls < MAX_CALL_DEPTH && runs < MAX_COMMAND_RUNS) {
      calls++;
      try {
        follow(fn.frame, conditional, () => walk(fn.body));
      } finally {
        calls--;
      }
      returned = false;
      return { status: conditional ? 0 : lastStatus, failure: null, stdout: null };
    }
    if (name && (name.text === "exit" || (name.text === "return" && calls > 0)) && alone && !conditional) {
      // `exit $?`, `exit $rc` after a command we do not model: the status is that command's, not known here.
      const known = rest[0] === undefined || rest[0].origin.kind !== "opaque";
      const { status, message } = known ? exitStatusOf(rest[0]?.text, lastStatus) : { status: 0 };
      if (message) out.output.push(`${bashPrefix} ${message}`);
      lastStatus = status;
      if (name.text === "exit") exited = { status, known, command };
      else returned = true;
      return { status, failure: null, stdout: null };
    }
    if (!name || name.text === "export" || name.text === "declare" || name.text === "local") {
      // An assignment in a branch the script does not follow may or may not happen: `X=false; if [[ $GITHUB_REF
      // =~ ^refs/tags/ ]]; then X=true; fi` leaves X either, so what it held before is no longer known either.
      const set = (k: string, v: Sval): void => {
        const before = env.get(k) ?? literal("");
        env.set(k, conditional && (before.text !== v.text || before.origin.kind !== v.origin.kind) ? { text: v.text, origin: OPAQUE } : v);
      };
      for (const [k, v] of assigned) set(k, v);
      for (const a of rest) {
        const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(a.text);
        if (m) set(m[1]!, { text: m[2]!, origin: a.origin });
      }
      return { status: 0, failure: null, stdout: null };
    }
    if (name.text === "set") {
      for (const a of rest) {
        if (/^-\w*e/.test(a.text)) errexit = true;
        if (/^\+\w*e/.test(a.text)) errexit = false;
      }
      if (rest.some((a, i) => a.text === "-o" && rest[i + 1]?.text === "pipefail")) pipefail = true;
      return { status: 0, failure: null, stdout: null };
    }
    const herestring = command.redirects.find((r) => r.op === "<<<");
    let input2 = stdin;
    if (herestring?.target) {
      const expanded = expand(herestring.target, env, input.scope);
      input2 = expanded instanceof BadSubstitution ? null : concat(expanded);
    }
    const ctx: CommandContext = { state: input.state, cwd, stdin: input2, bashPrefix, workspaceRoot: input.workspaceRoot, at };
    const result = judge.command(conditional, () => {
      judge.fact({ type: "shell-command", step: judge.step, at, argv: args, conditional });
      return runCommand(name, rest, ctx, removedEmpty);
    });
    if (conditional && result.status !== 0) return { status: 0, failure: null, stdout: null };
    out.output.push(...result.output);
    if (result.cwd !== undefined) cwd = result.cwd;
    const target = command.redirects.find((r) => r.op === ">>" || r.op === ">")?.target?.raw ?? "";
    const file = /GITHUB_OUTPUT/.test(target) ? out.outputs : /GITHUB_ENV/.test(target) ? out.exports : null;
    if (file && result.stdout) {
      const m = /^([A-Za-z_][\w-]*)=(.*)$/s.exec(result.stdout.text.trim());
      if (m) file.set(m[1]!, { text: m[2]!, origin: result.stdout.origin });
    }
    const failure = result.failure ? { ...result.failure, command } : null;
    return { status: result.status, failure, stdout: result.stdout ?? null };
  };

  const runPipeline = (pipeline: Pipeline): CommandRun => {
    let stdin: Sval | null = null;
    let last: CommandRun = { status: 0, failure: null, stdout: null };
    let failed: CommandRun | null = null;
    for (const command of pipeline.commands) {
      // Each command of a pipeline runs in a subshell of its own: an `exit` there ends only that.
      last = runSimple(command, stdin, pipeline.commands.length === 1);
      stdin = last.stdout;
      if (last.status !== 0) {
        if (failed?.failure) out.swallowed.push(failed.failure);
        failed = last;
      }
    }
    const decisive = pipefail && failed ? failed : last;
    if (failed && failed !== decisive && failed.failure) out.swallowed.push(failed.failure);
    if (!pipeline.negated) return decisive;
    if (decisive.failure) out.swallowed.push(decisive.failure);
    return { status: decisive.status === 0 ? 1 : 0, failure: null, stdout: decisive.stdout };
  };

  let lastFailure = null as StepFailure | null;
  /** The script has ended (an `exit`, or a failure under -e): `out` holds its status and failure. */
  let ended = false;

  const end = (status: number, failure: StepFailure | null): void => {
    out.status = status;
    out.failure = failure;
    lastFailure = null;
    ended = true;
  };

  /** `exit N` ran in a list whose failures are `failures`: the script ends with N; a failure before it is why. */
  const endByExit = (status: number, command: SimpleCommand, failures: readonly StepFailure[], known = true): void => {
    if (!known) {
      // `cmd || exit $?`: the command's failure is the step's; alone, the status is not known, nor the step's end.
      const cause = failures[failures.length - 1];
      out.swallowed.push(...failures.filter((f) => f !== cause));
      if (cause) return end(exitStatus(cause), cause);
      judge.judge({ type: "script-exit", step: judge.step, at: judge.site.scriptLine(command.line), status: null });
      return end(0, null);
    }
    if (status === 0) {
      out.swallowed.push(...failures);
      return end(0, null);
    }
    // `docker push x || exit 1`: the push's failure is the step's, with the status the script chose.
    const cause = failures[failures.length - 1];
    out.swallowed.push(...failures.filter((f) => f !== cause));
    if (cause) return end(status, { ...cause, failure: { ...cause.failure, exitCode: status } });
    const failure = judge.judge({ type: "script-exit", step: judge.step, at: judge.site.scriptLine(command.line), status });
    end(status, failure ? { ...failure, command } : null);
  };

  /** One and-or list, as bash -e runs it. */
  const runList = (list: AndOrList): void => {
    let status = 0;
    let lastIndex = -1;
    let failure = null as StepFailure | null;
    const failures: StepFailure[] = [];
    for (let i = 0; i < list.pipelines.length && !exited && !returned && !ended; i++) {
      const op = i > 0 ? list.ops[i - 1] : undefined;
      if ((op === "&&" && status !== 0) || (op === "||" && status === 0)) continue;
      const run = runPipeline(list.pipelines[i]!);
      status = run.status;
      failure = run.failure;
      lastIndex = i;
      if (run.failure) failures.push(run.failure);
    }
    // A failure in a function called here already ended the script.
    if (ended) return;
    lastStatus = status;
    if (exited) return endByExit(exited.status, exited.command, failures, exited.known);
    if (status === 0) {
      out.swallowed.push(...failures);
      lastFailure = null;
      return;
    }
    out.swallowed.push(...failures.filter((f) => f !== failure));
    // A non-zero status with no failure of ours (`! true`, a negated test) is not a failure we model.
    if (!failure) return;
    // bash -e ignores a failure inside `a && b` unless it is the last command of the list.
    if (errexit && lastIndex === list.pipelines.length - 1) return end(status, failure);
    out.swallowed.push(failure);
    lastFailure = failure;
  };

  /** A `for` loop: once per word it can know, the variable set; else once with an unknown value, not followed. */
  const runLoop = (frame: Extract<Frame, { kind: "for" }>, body: readonly ProgramNode[]): void => {
    const values = runs < MAX_COMMAND_RUNS ? loopValues(frame, env, input.scope) : null;
    if (values === null) {
      if (frame.variable !== "") env.set(frame.variable, { text: `x${fnv(frame.words?.map((w) => w.raw).join(" ") ?? "$@")}`, origin: COMMAND_OUTPUT });
      return follow(frame, true, () => walk(body));
    }
    follow(frame, false, () => {
      for (const value of values) {
        // Past the budget, the iterations left are not run: each command has run at least once.
        if (ended || returned || runs >= MAX_COMMAND_RUNS) return;
        env.set(frame.variable, { text: value.text, origin: value.origin });
        walk(body);
      }
    });
  };

  function walk(nodes: readonly ProgramNode[]): void {
    for (const node of nodes) {
      if (ended || returned) return;
      if (node.kind === "list") runList(node.list);
      else if (node.frame.kind === "function") functions.set(node.frame.name, { frame: node.frame, body: node.body });
      else if (node.frame.kind === "for") runLoop(node.frame, node.body);
      // A `{ …; }` group runs its body, unless `&&`/`||` makes that depend on the command before it.
      else if (node.frame.kind === "group") follow(node.frame, node.frame.guarded === true, () => walk(node.body));
      // if/while/case, a subshell, a group: its commands once each, conditional where control flow decides.
      else walk(node.body);
    }
  }

  walk(programOf(lists));
  if (ended) return out;
  if (lastFailure) {
    // The script's exit status is its last command's: a failure on the last line fails the step.
    out.swallowed = out.swallowed.filter((f) => f !== lastFailure);
    out.failure = lastFailure;
    out.status = exitStatus(lastFailure);
  }
  return out;
}
