/**
 * One step of a job on its runner: a `run:` script in bash (other shells are not interpreted), or an action.
 * Returns what the step's log shows (its header as the runner prints it, what the commands printed, the
 * runner's last line on a failure), the failure that ended it, and the failures bash swallowed on the way.
 */
import type { AndOrList } from "../../shell/parse.js";
import type { StepView } from "../model.js";
import { asMap, entries, get, scalarText } from "../source.js";
import type { WorkflowSource } from "../source.js";
import { runAction } from "./actions.js";
import type { ActionContext } from "./actions.js";
import { ANY_REGISTRY } from "./credential-helpers.js";
import type { Artifacts } from "./artifacts.js";
import { interpolateParts } from "./evaluate.js";
import type { Scope } from "./evaluate.js";
import { runnerTemp } from "./hosted-runners.js";
import type { HostedRunner } from "./hosted-runners.js";
import { windowsScriptBuilds } from "./runner-os.js";
import { runScript } from "./script.js";
import { exitStatus } from "./state.js";
import type { RunnerState, StepFailure } from "./state.js";
import { ValueTooLarge } from "../../value-limits.js";
import { concat, EXPRESSION_VALUE, fnv, OPAQUE, pseudoUuid, shown } from "./values.js";
import type { Sval } from "./values.js";

export interface StepInput {
  source: WorkflowSource;
  step: StepView;
  state: RunnerState;
  /** The shell's environment (the runner's defaults and the step's `env`). */
  env: Map<string, Sval>;
  scope: Scope;
  /** `defaults.run.<key>` of the job, else of the workflow. */
  defaults: (key: string) => string;
  github: Record<string, string>;
  /** Filled in: the step's outputs and what it exported through $GITHUB_ENV. */
  outputs: Map<string, Sval>;
  exports: Map<string, Sval>;
  visible: Artifacts;
  uploaded: Artifacts;
}

export interface StepOutcome {
  failure: StepFailure | null;
  swallowed: StepFailure[];
  log: string[];
  /** The `run:` script as the shell parser read it (null for actions and scripts not run by bash). */
  lists: readonly AndOrList[] | null;
  /** The `with:` inputs as resolved. */
  inputs: Map<string, Sval>;
  /** An action the simulator does not model: what it outputs is unknown (see Scope.unknownOutputs). */
  outputsUnknown?: boolean;
}

/** How the runner log shows the shell a step runs in. */
function shellLine(shell: string, runner: HostedRunner): string {
  if (shell === "pwsh") return `C:\\Program Files\\PowerShell\\7\\pwsh.EXE -command ". '{0}'"`;
  const bash = runner.os === "macOS" ? "/bin/bash" : runner.os === "Windows" ? "C:\\Program Files\\Git\\bin\\bash.EXE" : "/usr/bin/bash";
  return shell === "bash" ? `${bash} --noprofile --norc -eo pipefail {0}` : `${bash} -e {0}`;
}

export function runStep(input: StepInput): StepOutcome {
  const { source, step, state, env } = input;
  const doc = source.doc;
  const envLines = (): string[] => {
    const own = entries(asMap(get(step.map, "env", doc)), doc).map((e) => `    ${e.key}: ${shown(env.get(e.key) ?? { text: "", origin: OPAQUE })}`);
    return own.length > 0 ? ["  env:", ...own] : [];
  };
  const run = get(step.map, "run", doc);
  if (run !== undefined) {
    const script = scalarText(run);
    // Windows runs a step without `shell:` in PowerShell, the others in bash.
    const shell = scalarText(get(step.map, "shell", doc)) || input.defaults("shell") || (state.runner.os === "Windows" ? "pwsh" : "");
    const cwd = (scalarText(get(step.map, "working-directory", doc)) || input.defaults("working-directory") || ".").replace(/^\.\//, "") || ".";
    const uuid = pseudoUuid(`${source.file}#${state.job}#${step.index}`);
    const log = [
      `Run ${script.split("\n")[0] ?? ""}`,
      ...script.replace(/\n$/, "").split("\n").map((l) => `  ${l}`),
      `  shell: ${shellLine(shell, state.runner)}`,
      ...envLines(),
    ];
    if (shell !== "" && shell !== "bash" && shell !== "sh" && !shell.startsWith("bash ")) {
      // Other shells are not interpreted (so what they write, and any registry they log in to, is not followed),
      // but a Linux image build on Windows fails whatever shell runs it.
      state.filesUntracked = true;
      state.unseenLogins.push(ANY_REGISTRY);
      const refused = windowsScriptBuilds(state, script, cwd);
      if (refused) log.push(...refused.failure.failure.output, `Error: Process completed with exit code ${exitStatus(refused.failure)}.`);
      // What it wrote to $GITHUB_OUTPUT is not known either: an output read later is unknown, not empty.
      return { failure: refused?.failure ?? null, swallowed: [], log, lists: null, inputs: new Map(), outputsUnknown: true };
    }
    const outcome = runScript({
      script,
      env,
      scope: input.scope,
      state,
      cwd,
      pipefail: shell === "bash",
      bashPrefix: (line) => `${runnerTemp(state.runner)}/${uuid}.sh: line ${line}:`,
      workspaceRoot: input.github.workspace!,
    });
    log.push(...outcome.output);
    for (const [k, v] of outcome.outputs) input.outputs.set(k, v);
    for (const [k, v] of outcome.exports) input.exports.set(k, v);
    if (outcome.failure) log.push(`Error: Process completed with exit code ${exitStatus(outcome.failure)}.`);
    return { failure: outcome.failure, swallowed: outcome.swallowed, log, lists: outcome.lists, inputs: new Map() };
  }
  const uses = scalarText(get(step.map, "uses", doc));
  const inputs = new Map<string, Sval>();
  const inputParts = new Map<string, Sval[]>();
  const inputWritten = new Map<string, string>();
  for (const e of entries(asMap(get(step.map, "with", doc)), doc)) {
    const written = scalarText(e.value);
    let parts = interpolateParts(written, input.scope);
    let value: Sval;
    try {
      value = concat(parts);
    } catch (error) {
      // Past MAX_VALUE_CHARS the input is not known, and not built.
      if (!(error instanceof ValueTooLarge)) throw error;
      value = { text: `x${fnv(written)}`, origin: EXPRESSION_VALUE };
      parts = [value];
    }
    inputParts.set(e.key, parts);
    inputWritten.set(e.key, written);
    inputs.set(e.key, value);
  }
  const log = [`Run ${uses}`, ...(inputs.size > 0 ? ["  with:", ...[...inputs].map(([k, v]) => `    ${k}: ${shown(v)}`)] : []), ...envLines()];
  const ctx: ActionContext = { state, inputs, inputParts, inputWritten, artifacts: input.visible, uploaded: input.uploaded, github: input.github, outputs: input.outputs };
  const result = runAction(uses.split("@")[0]!, ctx);
  log.push(...result.output);
  if (result.failure && !result.output.some((l) => l.startsWith("Error: "))) log.push(`Error: ${result.failure.failure.diagnostic.message}`);
  return { failure: result.failure ?? null, swallowed: [], log, lists: null, inputs, ...(ctx.outputsUnknown ? { outputsUnknown: true } : {}) };
}
