/**
 * Runs a workflow that GitHub accepted: its jobs in `needs` order, each on a fresh runner, each job's steps
 * in order until one fails. Returns the trace (jobs, steps, logs), the images built and pushed, and the
 * failures, so that the cross-file pipeline simulator can hand builds to the Dockerfile simulator and
 * pushed tags to the Kubernetes one.
 */
import { isScalar } from "yaml";
import type { Scalar } from "yaml";
import type { Repository } from "../../repository.js";
import type { World } from "../../world.js";
import { jobsOf } from "../model.js";
import type { JobView, StepView } from "../model.js";
import type { RunRule } from "../rule-base.js";
import { asMap, entries, get, nodePosition, readWorkflowSource, scalarText } from "../source.js";
import type { Position, WorkflowSource } from "../source.js";
import { runAction } from "./actions.js";
import type { Artifacts } from "./artifacts.js";
import { DEFAULT_RUNNER, runnerTemp } from "./hosted-runners.js";
import type { HostedRunner } from "./hosted-runners.js";
import { order, transitiveNeeds } from "./job-graph.js";
import { pickRunner, unpickedJob } from "./runner-pick.js";
import { windowsScriptRefusal } from "./runner-os.js";
import { firstCombination, legName, matrixCombinations } from "./matrix.js";
import { githubContext, runnerEnvironment, tokenPermissions, triggeringEvent } from "./context.js";
import { evaluateCondition, interpolate, UNKNOWN } from "./evaluate.js";
import type { Scope } from "./evaluate.js";
import { runScript } from "./script.js";
import type { ImageBuild, RegistryPush, RunnerState, StepFailure } from "./state.js";
import { OPAQUE, pseudoUuid, shown } from "./values.js";
import type { Sval } from "./values.js";

export interface StepTrace {
  index: number;
  name: string;
  status: "success" | "failure" | "skipped" | "switched-off";
  log: string[];
}

export interface JobTrace {
  id: string;
  status: "success" | "failure" | "skipped" | "not-run" | "switched-off";
  steps: StepTrace[];
}

/** A failure as the run met it: an error stops the job; a warning is a failure something switched off. */
export interface RunFailure {
  rule: RunRule;
  severity: "error" | "warning";
  position: Position;
  message: string;
  log: string;
  job: string;
  step: number;
}

export interface WorkflowRun {
  file: string;
  event: string;
  jobs: JobTrace[];
  builds: ImageBuild[];
  pushes: RegistryPush[];
  failures: RunFailure[];
  /** Every job ran to its end (or was legitimately skipped): every run rule was evaluated. */
  complete: boolean;
}

export interface RunOptions {
  /** false: secrets, variables and the token default are not known, so none of them can fail a step. */
  worldKnown?: boolean;
  /** false: the repository may be partial, so files missing after checkout do not fail a step. */
  context?: boolean;
  /**
   * true: every matrix combination runs as its own leg (`test (18)`), as on GitHub; the pipeline asks for it.
   * Otherwise only the first combination runs, which is what the workflow simulator alone has always judged.
   */
  expandMatrix?: boolean;
}

/**
 * Runs one workflow file of a repository. Returns null when the file is absent or not a YAML mapping;
 * run it only on files the parse stage accepted.
 * @example runWorkflow(repositoryFrom(files), parseWorld({secrets: ["NPM_TOKEN"]}), ".github/workflows/ci.yml")
 */
export function runWorkflow(repo: Repository, world: World, file: string, options: RunOptions = {}, parsed?: WorkflowSource): WorkflowRun | null {
  const content = repo.get(file)?.content;
  const source = parsed ?? (content === undefined ? null : readWorkflowSource(file, content));
  if (!source?.root) return null;
  return new WorkflowRunner(repo, world, source, options).run();
}

class WorkflowRunner {
  private readonly doc;
  private readonly event: string;
  private readonly github: Record<string, string>;
  private readonly worldKnown: boolean;
  private readonly calledOnly: boolean;
  private readonly result: WorkflowRun;
  private readonly jobOutputs = new Map<string, Map<string, Sval>>();
  private readonly uploads = new Map<string, Artifacts>();

  constructor(
    private readonly repo: Repository,
    private readonly world: World,
    private readonly source: WorkflowSource,
    private readonly options: RunOptions,
  ) {
    this.doc = source.doc;
    this.event = triggeringEvent(source);
    this.github = githubContext(world, this.event, scalarText(get(source.root, "name", this.doc)) || source.file);
    this.worldKnown = options.worldKnown !== false;
    // A workflow only ever called by others gets its secrets and permissions from its caller.
    this.calledOnly = this.event === "workflow_call";
    this.result = { file: source.file, event: this.event, jobs: [], builds: [], pushes: [], failures: [], complete: true };
  }

  run(): WorkflowRun {
    const jobs = jobsOf(this.source);
    const byId = new Map(jobs.map((j) => [j.id, j]));
    const status = new Map<string, JobTrace["status"]>();
    for (const job of order(jobs)) {
      const needs = job.needs.map((n) => n.name).filter((n) => byId.has(n));
      const always = /always\(\)/.test(scalarText(get(job.map, "if", this.doc)));
      if (!always && needs.some((n) => status.get(n) === "failure" || status.get(n) === "not-run")) {
        status.set(job.id, "not-run");
        this.result.jobs.push({ id: job.id, status: "not-run", steps: [] });
        this.result.complete = false;
        continue;
      }
      const inherited = needs.some((n) => status.get(n) === "switched-off");
      const matrix = get(asMap(get(job.map, "strategy", this.doc)), "matrix", this.doc);
      const legs = this.options.expandMatrix ? matrixCombinations(matrix, this.doc) : [firstCombination(matrix, this.doc)];
      for (const combination of legs) {
        const leg = legs.length > 1 ? legName(job.id, combination) : job.id;
        const trace = this.runJob(job, needs, inherited, combination, leg);
        // A matrix job fails when any of its legs fails; it is switched off only when all of them are.
        const before = status.get(job.id);
        if (before === undefined || trace.status === "failure" || (before === "switched-off" && trace.status !== "switched-off")) status.set(job.id, trace.status);
        this.result.jobs.push(trace);
        if (trace.status === "failure") this.result.complete = false;
      }
    }
    return this.result;
  }

  private secret(name: string): Sval {
    if (name.toUpperCase() === "GITHUB_TOKEN") return { text: "***", origin: { kind: "token" } };
    const exists = !this.worldKnown || this.calledOnly || this.world.secrets.includes(name);
    return { text: exists ? "***" : "", origin: { kind: "secret", name, exists } };
  }

  private scope(env: ReadonlyMap<string, Sval>, matrix: Record<string, unknown>, steps: ReadonlyMap<string, ReadonlyMap<string, Sval>>, needs: string[], runner: HostedRunner): Scope {
    return {
      runner: { os: runner.os, arch: runner.arch, temp: runnerTemp(runner), name: "GitHub Actions 1", tool_cache: runner.os === "Linux" ? "/opt/hostedtoolcache" : "" },
      secret: (n) => this.secret(n),
      github: this.github,
      env,
      vars: (n) => (!this.worldKnown ? UNKNOWN : { text: this.world.variables[n] ?? "", origin: { kind: "literal" } }),
      matrix,
      inputs: this.inputDefaults(),
      steps,
      needs: new Map(needs.map((n) => [n, this.jobOutputs.get(n) ?? new Map()])),
    };
  }

  private inputDefaults(): Record<string, unknown> {
    const on = asMap(get(this.source.root, "on", this.doc));
    const out: Record<string, unknown> = {};
    for (const trigger of ["workflow_dispatch", "workflow_call"]) {
      for (const e of entries(asMap(get(asMap(get(on, trigger, this.doc)), "inputs", this.doc)), this.doc)) {
        const d = get(asMap(e.value), "default", this.doc);
        if (isScalar(d) && d.value !== null && !String(d.value).includes("${{")) out[e.key] = d.value;
      }
    }
    return out;
  }

  private evaluateEnv(node: unknown, base: Map<string, Sval>, scope: (env: Map<string, Sval>) => Scope): Map<string, Sval> {
    const env = new Map(base);
    for (const e of entries(asMap(node), this.doc)) env.set(e.key, interpolate(scalarText(e.value), scope(env)));
    return env;
  }

  private runJob(job: JobView, needs: string[], inherited: boolean, matrix: Record<string, unknown>, leg: string): JobTrace {
    const trace: JobTrace = { id: leg, status: "success", steps: [] };
    if (!job.map || get(job.map, "uses", this.doc) !== undefined) return trace;
    const stepOutputs = new Map<string, Map<string, Sval>>();
    const github = { ...this.github, job: job.id };
    const runsOn = get(job.map, "runs-on", this.doc);
    const choice = pickRunner(runsOn, this.source, this.scope(new Map(), matrix, new Map(), needs, DEFAULT_RUNNER));
    const runner = choice.kind === "hosted" ? choice.runner : DEFAULT_RUNNER;
    const base = runnerEnvironment(github, job.id, runner);
    const scopeFor = (env: ReadonlyMap<string, Sval>): Scope => this.scope(env, matrix, stepOutputs, needs, runner);
    const workflowEnv = this.evaluateEnv(get(this.source.root, "env", this.doc), new Map(), scopeFor);
    const jobEnv = this.evaluateEnv(get(job.map, "env", this.doc), workflowEnv, scopeFor);
    const condition = scalarText(get(job.map, "if", this.doc));
    const jobOff = inherited || (condition !== "" && evaluateCondition(condition, scopeFor(jobEnv)).result === false);
    const jobSoft = scalarText(get(job.map, "continue-on-error", this.doc)) === "true";
    if (jobOff) trace.status = "switched-off";
    // An unknown hosted label is never picked up, so none of the job's steps run (an empty world cannot tell).
    if (choice.kind === "unknown" && this.worldKnown) {
      this.result.failures.push(unpickedJob(choice.labels, runsOn, this.source, this.github, leg, jobOff));
      if (!jobOff) trace.status = "failure";
      return trace;
    }
    const visible: Artifacts = new Map();
    for (const n of transitiveNeeds(job.id, this.source)) for (const [name, a] of this.uploads.get(n) ?? []) visible.set(name, a);
    // Legs of one matrix job upload under the same job: what any of them uploaded is there for the jobs after.
    const uploaded: Artifacts = this.uploads.get(job.id) ?? new Map();
    this.uploads.set(job.id, uploaded);
    const state = this.freshState(job, leg, runner);
    const exports = new Map<string, Sval>();
    const defaults = (key: string): string =>
      scalarText(get(asMap(get(asMap(get(job.map, "defaults", this.doc)), "run", this.doc)), key, this.doc)) ||
      scalarText(get(asMap(get(asMap(get(this.source.root, "defaults", this.doc)), "run", this.doc)), key, this.doc));

    for (const step of job.steps) {
      const env = new Map([...jobEnv, ...exports]);
      const stepEnv = this.evaluateEnv(get(step.map, "env", this.doc), env, scopeFor);
      const scope = scopeFor(stepEnv);
      const name = stepName(step, this.doc);
      const stepIf = scalarText(get(step.map, "if", this.doc));
      const verdict = stepIf === "" ? null : evaluateCondition(stepIf, scope);
      if (verdict?.result === false && verdict.statusOnly) {
        trace.steps.push({ index: step.index, name, status: "skipped", log: [] });
        continue;
      }
      const off = jobOff || verdict?.result === false;
      const coe = scalarText(get(step.map, "continue-on-error", this.doc));
      const soft = jobSoft || coe === "true" || (coe.includes("${{") && interpolate(coe, scope).text === "true");
      const runState = off ? cloneState(state) : state;
      runState.step = step.index;
      const outputs = new Map<string, Sval>();
      // The shell sees the runner's default variables too; the `env` context does not.
      const shellEnv = new Map([...base, ...stepEnv]);
      const outcome = this.runStep(step, runState, shellEnv, scope, defaults, outputs, exports, visible, uploaded);
      const id = scalarText(get(step.map, "id", this.doc));
      if (id !== "") stepOutputs.set(id, outputs);
      for (const swallowed of outcome.swallowed) this.report(swallowed, step, leg, "warning", outcome.log);
      if (!outcome.failure) {
        trace.steps.push({ index: step.index, name, status: off ? "switched-off" : "success", log: outcome.log });
        continue;
      }
      const switchedOff = off || soft;
      this.report(outcome.failure, step, leg, switchedOff ? "warning" : "error", outcome.log);
      trace.steps.push({ index: step.index, name, status: off ? "switched-off" : "failure", log: outcome.log });
      if (!switchedOff) {
        trace.status = "failure";
        break;
      }
    }
    const outputs = new Map<string, Sval>();
    for (const e of entries(asMap(get(job.map, "outputs", this.doc)), this.doc)) {
      outputs.set(e.key, interpolate(scalarText(e.value), scopeFor(jobEnv)));
    }
    this.jobOutputs.set(job.id, outputs);
    this.result.builds.push(...state.builds);
    this.result.pushes.push(...state.pushes);
    return trace;
  }

  private freshState(job: JobView, leg: string, runner: HostedRunner): RunnerState {
    return {
      repo: this.repo,
      runner,
      workspace: new Map(),
      checkouts: [],
      opaqueDirs: [],
      written: new Set(),
      filesUntracked: false,
      checkRepositoryFiles: this.options.context !== false,
      logins: new Map(),
      images: new Set(),
      builder: "docker",
      buildxInstalled: runner.os === "Linux",
      node: null,
      permissions: tokenPermissions(this.source, job.map, this.world, !this.worldKnown || this.calledOnly),
      builds: [],
      pushes: [],
      knownPackages: new Set(Object.keys(this.world.registry).map((r) => (r.includes("/") && r.split("/")[0]!.includes(".") ? r : `docker.io/${r}`))),
      job: leg,
      step: 0,
    };
  }

  private runStep(
    step: StepView,
    state: RunnerState,
    env: Map<string, Sval>,
    scope: Scope,
    defaults: (key: string) => string,
    outputs: Map<string, Sval>,
    exports: Map<string, Sval>,
    visible: Artifacts,
    uploaded: Artifacts,
  ): { failure: StepFailure | null; swallowed: StepFailure[]; log: string[] } {
    const envLines = (): string[] => {
      const own = entries(asMap(get(step.map, "env", this.doc)), this.doc).map((e) => `    ${e.key}: ${shown(env.get(e.key) ?? { text: "", origin: OPAQUE })}`);
      return own.length > 0 ? ["  env:", ...own] : [];
    };
    const run = get(step.map, "run", this.doc);
    if (run !== undefined) {
      const script = scalarText(run);
      // Windows runs a step without `shell:` in PowerShell, the others in bash.
      const shell = scalarText(get(step.map, "shell", this.doc)) || defaults("shell") || (state.runner.os === "Windows" ? "pwsh" : "");
      const cwd = scalarText(get(step.map, "working-directory", this.doc)) || defaults("working-directory") || ".";
      const uuid = pseudoUuid(`${this.source.file}#${state.job}#${step.index}`);
      const log = [
        `Run ${script.split("\n")[0] ?? ""}`,
        ...script.replace(/\n$/, "").split("\n").map((l) => `  ${l}`),
        `  shell: ${shellLine(shell, state.runner)}`,
        ...envLines(),
      ];
      if (shell !== "" && shell !== "bash" && shell !== "sh" && !shell.startsWith("bash ")) {
        // Other shells are not interpreted (so what they write is not followed), but a Linux image build on
        // Windows fails whatever shell runs it.
        state.filesUntracked = true;
        const refused = windowsScriptRefusal(state, script, cwd.replace(/^\.\//, "") || ".");
        if (refused?.failure) log.push(...refused.output, `Error: Process completed with exit code ${refused.failure.exitCode}.`);
        return { failure: refused?.failure ?? null, swallowed: [], log };
      }
      const outcome = runScript({
        script,
        env,
        scope,
        state,
        cwd: cwd.replace(/^\.\//, "") || ".",
        pipefail: shell === "bash",
        bashPrefix: (line) => `${runnerTemp(state.runner)}/${uuid}.sh: line ${line}:`,
        workspaceRoot: this.github.workspace!,
      });
      log.push(...outcome.output);
      for (const [k, v] of outcome.outputs) outputs.set(k, v);
      for (const [k, v] of outcome.exports) exports.set(k, v);
      if (outcome.failure) log.push(`Error: Process completed with exit code ${outcome.failure.exitCode}.`);
      return { failure: outcome.failure, swallowed: outcome.swallowed, log };
    }
    const uses = scalarText(get(step.map, "uses", this.doc));
    const inputs = new Map<string, Sval>();
    for (const e of entries(asMap(get(step.map, "with", this.doc)), this.doc)) inputs.set(e.key, interpolate(scalarText(e.value), scope));
    const log = [`Run ${uses}`, ...(inputs.size > 0 ? ["  with:", ...[...inputs].map(([k, v]) => `    ${k}: ${shown(v)}`)] : []), ...envLines()];
    const result = runAction(uses.split("@")[0]!, { state, inputs, artifacts: visible, uploaded, github: this.github, outputs });
    log.push(...result.output);
    if (result.failure && !result.output.some((l) => l.startsWith("Error: "))) log.push(`Error: ${result.failure.message}`);
    return { failure: result.failure ?? null, swallowed: [], log };
  }

  private report(failure: StepFailure, step: StepView, job: string, severity: "error" | "warning", log: string[]): void {
    this.result.failures.push({
      rule: failure.rule,
      severity,
      position: this.failurePosition(failure, step),
      message: failure.message,
      log: log.join("\n"),
      job,
      step: step.index,
    });
  }

  /** The file position of a failure: the script line of the failing command, or the action input at fault. */
  private failurePosition(failure: StepFailure, step: StepView): Position {
    const lines = this.source.lines;
    const run = get(step.map, "run", this.doc) as Scalar | undefined;
    if (run && failure.scriptLine !== undefined && run.range) {
      const start = nodePosition(lines, run);
      const block = /^[|>]/.test(this.source.text.slice(run.range[0], run.range[0] + 1));
      const line = block ? start.line + failure.scriptLine : start.line + failure.scriptLine - 1;
      const text = this.source.text.split("\n")[line - 1] ?? "";
      return { line, column: block ? text.length - text.trimStart().length + 1 : start.column };
    }
    const withNode = asMap(get(step.map, "with", this.doc));
    const input = failure.input ? get(withNode, failure.input, this.doc) : undefined;
    if (input !== undefined && input !== null) return nodePosition(lines, input);
    return nodePosition(lines, get(step.map, "uses", this.doc) ?? get(step.map, "run", this.doc) ?? step.map);
  }
}

function stepName(step: StepView, doc: WorkflowSource["doc"]): string {
  const name = scalarText(get(step.map, "name", doc));
  if (name !== "") return name;
  const run = scalarText(get(step.map, "run", doc));
  return run !== "" ? `Run ${run.split("\n")[0]}` : `Run ${scalarText(get(step.map, "uses", doc))}`;
}




/** How the runner log shows the shell a step runs in. */
function shellLine(shell: string, runner: HostedRunner): string {
  if (shell === "pwsh") return `C:\\Program Files\\PowerShell\\7\\pwsh.EXE -command ". '{0}'"`;
  const bash = runner.os === "macOS" ? "/bin/bash" : runner.os === "Windows" ? "C:\\Program Files\\Git\\bin\\bash.EXE" : "/usr/bin/bash";
  return shell === "bash" ? `${bash} --noprofile --norc -eo pipefail {0}` : `${bash} -e {0}`;
}

function cloneState(state: RunnerState): RunnerState {
  return {
    ...state,
    workspace: new Map(state.workspace),
    written: new Set(state.written),
    checkouts: [...state.checkouts],
    opaqueDirs: [...state.opaqueDirs],
    logins: new Map(state.logins),
    images: new Set(state.images),
    builds: [...state.builds],
    pushes: [...state.pushes],
  };
}

