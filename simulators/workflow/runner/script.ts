/**
 * Executes a `run:` script with `bash -e` semantics: words are expanded against the step's environment
 * (an unmapped `$VAR` is empty), pipelines pass stdout to stdin, and the first failing command that is not
 * inside `&&`/`||` (except as the last of them), a condition or a `|| true` ends the step with its exit
 * code. A command fails where a rule finds it fails (judge.ts). Failures that bash swallows are returned too,
 * because a `|| true` is a switch-off, not a fix.
 */
import type { AndOrList, Pipeline, SimpleCommand, Word } from "../../shell/parse.js";
import { readScript } from "../script-commands.js";
import { runCommand } from "./commands.js";
import type { CommandContext } from "./commands.js";
import type { Scope } from "./evaluate.js";
import { evaluateText } from "./evaluate.js";
import { noteRedirectWrite, readRedirect } from "./file-access.js";
import { exitStatus } from "./state.js";
import type { RunnerState, StepFailure } from "./state.js";
import { COMMAND_OUTPUT, concat, fnv, literal } from "./values.js";
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
      const value = env.get(part.name) ?? { text: "", origin: { kind: "unmapped" as const, name: part.name } };
      const op = part.op ?? "";
      if ((op === ":-" || op === ":=") && value.text === "") parts.push(literal(part.fallback ?? ""));
      else if (op === "-" || op === "=") parts.push(env.has(part.name) ? value : literal(part.fallback ?? ""));
      else if (op === ":+" || op === "+") parts.push(value.text !== "" ? literal(part.fallback ?? "") : literal(""));
      else if (op !== "" && op !== ":?" && op !== "?") parts.push({ text: value.text === "" ? "" : `x${fnv(part.name + op)}`, origin: value.origin });
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

  const runSimple = (command: SimpleCommand, stdin: Sval | null): CommandRun => {
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
    const refused = judge.command(command.conditional, () => applyRedirects(command, env, input, cwd));
    if (refused) {
      if (command.conditional) return { status: 0, failure: null, stdout: null };
      out.output.push(...refused.failure.output);
      return { status: exitStatus(refused), failure: { ...refused, command }, stdout: null };
    }
    const [name, ...rest] = args;
    if (!name || name.text === "export" || name.text === "declare" || name.text === "local") {
      for (const [k, v] of assigned) env.set(k, v);
      for (const a of rest) {
        const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(a.text);
        if (m) env.set(m[1]!, { text: m[2]!, origin: a.origin });
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
    const result = judge.command(command.conditional, () => {
      judge.fact({ type: "shell-command", step: judge.step, at, argv: args, conditional: command.conditional });
      return runCommand(name, rest, ctx, removedEmpty);
    });
    if (command.conditional && result.status !== 0) return { status: 0, failure: null, stdout: null };
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
      last = runSimple(command, stdin);
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
  for (const list of lists) {
    let status = 0;
    let lastIndex = -1;
    let failure = null as StepFailure | null;
    const failures: StepFailure[] = [];
    for (let i = 0; i < list.pipelines.length; i++) {
      const op = i > 0 ? list.ops[i - 1] : undefined;
      if ((op === "&&" && status !== 0) || (op === "||" && status === 0)) continue;
      const run = runPipeline(list.pipelines[i]!);
      status = run.status;
      failure = run.failure;
      lastIndex = i;
      if (run.failure) failures.push(run.failure);
    }
    if (status === 0) {
      out.swallowed.push(...failures);
      lastFailure = null;
      continue;
    }
    out.swallowed.push(...failures.filter((f) => f !== failure));
    // A non-zero status with no failure of ours (`! true`, a negated test) is not a failure we model.
    if (!failure) continue;
    // bash -e ignores a failure inside `a && b` unless it is the last command of the list.
    if (errexit && lastIndex === list.pipelines.length - 1) {
      out.status = status;
      out.failure = failure;
      return out;
    }
    if (failure) out.swallowed.push(failure);
    lastFailure = failure;
  }
  if (lastFailure) {
    // The script's exit status is its last command's: a failure on the last line fails the step.
    out.swallowed = out.swallowed.filter((f) => f !== lastFailure);
    out.failure = lastFailure;
    out.status = exitStatus(lastFailure);
  }
  return out;
}
