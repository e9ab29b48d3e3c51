/**
 * Runs a workflow that GitHub accepted: its jobs in `needs` order, each leg on a fresh runner as a unit of the
 * rule engine, each job's steps in order until one fails. Every step hands what it does to the rules
 * (judge.ts) and builds its log from their verdict. Returns the trace (jobs, steps, logs), the images built
 * and pushed, and the failures, so that the cross-file pipeline simulator can hand builds to the Dockerfile
 * simulator and pushed tags to the Kubernetes one.
 */
import { isScalar } from "yaml";
import type { Failure, RuleEngine, UnitRun } from "../../engine/engine.js";
import type { AnyRule } from "../../engine/rule.js";
import type { Repository } from "../../repository.js";
import type { World } from "../../world.js";
import { WORKFLOW_DOMAIN } from "../events.js";
import type { WorkflowEvent, WorkflowUnit } from "../events.js";
import { jobsOf } from "../model.js";
import type { JobView } from "../model.js";
import { asMap, entries, get, nodePosition, scalarText } from "../source.js";
import type { Position, WorkflowSource } from "../source.js";
import type { Artifacts } from "./artifacts.js";
import { DEFAULT_RUNNER, runnerTemp } from "./hosted-runners.js";
import type { HostedRunner } from "./hosted-runners.js";
import { order, transitiveNeeds } from "./job-graph.js";
import { StepJudge } from "./judge.js";
import { firstCombination, legName, matrixCombinations } from "./matrix.js";
import { githubContext, runnerEnvironment, tokenPermissions, triggeringEvent } from "./context.js";
import { evaluateCondition, interpolate, runsAfterFailure, UNKNOWN } from "./evaluate.js";
import { eventPayload } from "./event-payload.js";
import type { PayloadObject } from "./event-payload.js";
import type { Scope } from "./evaluate.js";
import { jobTypes, unreachedTypes } from "./pending.js";
import { pickRunner } from "./runner-pick.js";
import { runStep } from "./run-step.js";
import { StepSite } from "./step-site.js";
import type { ImageBuild, ImageBuilder, RegistryPush, RunnerState } from "./state.js";
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
  rule: AnyRule;
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
  /** Every job ran to its end (or was legitimately skipped). */
  complete: boolean;
}

export interface RunOptions {
  /** Builds the images the build steps ask for (the pipeline's Dockerfile simulation); absent: builds succeed. */
  imageBuilder?: ImageBuilder;
  /**
   * true: every matrix combination runs as its own leg (`test (18)`), as on GitHub; the pipeline asks for it.
   * Otherwise only the first combination runs, which is what the workflow simulator alone has always judged.
   */
  expandMatrix?: boolean;
}

/** A rule's finding as the run reports it, once the step's log is complete. */
function runFailure(f: Failure, job: string, step: number): RunFailure {
  const d = f.diagnostic;
  return { rule: f.rule, severity: d.severity, position: { line: d.line, column: d.column }, message: d.message, log: d.log ?? "", job, step };
}

/** Runs the jobs of a workflow GitHub accepted, each leg as a unit of `engine`. */
export function runWorkflowSource(engine: RuleEngine, repo: Repository, source: WorkflowSource, options: RunOptions = {}): WorkflowRun {
  return new WorkflowRunner(engine, repo, source, options).run();
}

class WorkflowRunner {
  private readonly doc;
  private readonly world: World;
  private readonly event: string;
  private readonly github: Record<string, string>;
  private readonly worldKnown: boolean;
  private readonly calledOnly: boolean;
  private readonly result: WorkflowRun;
  private readonly jobOutputs = new Map<string, Map<string, Sval>>();
  private readonly uploads = new Map<string, Artifacts>();
  /** Matrix jobs of several legs of which this run follows only the first. */
  private readonly legsUnrun = new Set<string>();
  private uploadedAny = false;
  private callers: ReadonlySet<string> | undefined;
  private readonly payload: PayloadObject;

  constructor(
    private readonly engine: RuleEngine,
    private readonly repo: Repository,
    private readonly source: WorkflowSource,
    private readonly options: RunOptions,
  ) {
    this.doc = source.doc;
    this.world = engine.env.world;
    this.event = triggeringEvent(source);
    this.github = githubContext(this.world, this.event, scalarText(get(source.root, "name", this.doc)) || source.file);
    this.worldKnown = engine.env.worldKnown;
    // A workflow only ever called by others gets its secrets and permissions from its caller.
    this.calledOnly = this.event === "workflow_call";
    this.payload = eventPayload(this.event, { github: this.github, defaultBranch: this.world.repository.default_branch, inputs: this.dispatchInputs() });
    this.result = { file: source.file, event: this.event, jobs: [], builds: [], pushes: [], failures: [], complete: true };
  }

  private unit(leg: string): UnitRun<WorkflowEvent, WorkflowUnit> {
    return this.engine.unit<WorkflowEvent, WorkflowUnit>(WORKFLOW_DOMAIN, this.source.file, { file: this.source.file, leg }).enter("run");
  }

  run(): WorkflowRun {
    const jobs = jobsOf(this.source);
    const byId = new Map(jobs.map((j) => [j.id, j]));
    const status = new Map<string, JobTrace["status"]>();
    for (const job of order(jobs)) {
      const needs = job.needs.map((n) => n.name).filter((n) => byId.has(n));
      const afterFailedNeeds = runsAfterFailure(scalarText(get(job.map, "if", this.doc)), this.scope(new Map(), {}, new Map(), needs, DEFAULT_RUNNER), needs);
      if (afterFailedNeeds !== true && needs.some((n) => status.get(n) === "failure" || status.get(n) === "not-run")) {
        status.set(job.id, "not-run");
        this.result.jobs.push({ id: job.id, status: "not-run", steps: [] });
        this.result.complete = false;
        const unit = this.unit(job.id);
        unit.stop(jobTypes(job, this.source));
        unit.emit({ type: "job-leg", job: job.id, leg: job.id, matrix: {}, runner: null, status: "not-run", afterFailedNeeds });
        continue;
      }
      const inherited = needs.some((n) => status.get(n) === "switched-off");
      const legs = this.options.expandMatrix ? matrixCombinations(job.matrix, this.doc) : [firstCombination(job.matrix, this.doc)];
      if (!this.options.expandMatrix && job.matrix !== undefined && matrixCombinations(job.matrix, this.doc).length > 1) this.legsUnrun.add(job.id);
      for (const combination of legs) {
        const leg = legs.length > 1 ? legName(job.id, combination) : job.id;
        const trace = this.runJob(job, needs, inherited, combination, leg, afterFailedNeeds);
        // A matrix job fails when any of its legs fails; it is switched off only when all of them are.
        const before = status.get(job.id);
        if (before === undefined || trace.status === "failure" || (before === "switched-off" && trace.status !== "switched-off")) status.set(job.id, trace.status);
        this.result.jobs.push(trace);
        if (trace.status === "failure") this.result.complete = false;
      }
    }
    return this.result;
  }

  /** The jobs that call a reusable workflow (`jobs.<id>.uses`), whose jobs' uploads this run does not follow; read once per run. */
  private get workflowCallers(): ReadonlySet<string> {
    return (this.callers ??= new Set(jobsOf(this.source).filter((j) => j.map != null && get(j.map, "uses", this.doc) !== undefined).map((j) => j.id)));
  }

  private secret(name: string): Sval {
    if (name.toUpperCase() === "GITHUB_TOKEN") return { text: "***", origin: { kind: "token" } };
    const exists = !this.worldKnown || this.calledOnly || this.world.secrets.includes(name);
    return { text: exists ? "***" : "", origin: { kind: "secret", name, exists } };
  }

  private scope(env: ReadonlyMap<string, Sval>, matrix: Record<string, unknown>, steps: ReadonlyMap<string, ReadonlyMap<string, Sval>>, needs: string[], runner: HostedRunner, unknownOutputs?: ReadonlySet<string>): Scope {
    return {
      runner: { os: runner.os, arch: runner.arch, temp: runnerTemp(runner), name: "GitHub Actions 1", tool_cache: runner.os === "Linux" ? "/opt/hostedtoolcache" : "" },
      secret: (n) => this.secret(n),
      github: this.github,
      env,
      vars: (n) => (!this.worldKnown ? UNKNOWN : { text: this.world.variables[n] ?? "", origin: { kind: "literal" } }),
      matrix,
      inputs: this.inputDefaults(),
      steps,
      ...(unknownOutputs ? { unknownOutputs } : {}),
      needs: new Map(needs.map((n) => [n, this.jobOutputs.get(n) ?? new Map()])),
      event: this.payload,
    };
  }

  /** The inputs a manual run's payload carries: each declared input's default, as a string (null: none given). */
  private dispatchInputs(): Map<string, string | null> {
    const on = asMap(get(this.source.root, "on", this.doc));
    const out = new Map<string, string | null>();
    for (const e of entries(asMap(get(asMap(get(on, "workflow_dispatch", this.doc)), "inputs", this.doc)), this.doc)) {
      const d = get(asMap(e.value), "default", this.doc);
      out.set(e.key, isScalar(d) && d.value !== null && !String(d.value).includes("${{") ? String(d.value) : null);
    }
    return out;
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

  private runJob(job: JobView, needs: string[], inherited: boolean, matrix: Record<string, unknown>, leg: string, afterFailedNeeds: boolean | "unknown"): JobTrace {
    const trace: JobTrace = { id: leg, status: "success", steps: [] };
    const unit = this.unit(leg);
    const ended = (runner: HostedRunner | null): JobTrace => {
      unit.emit({ type: "job-leg", job: job.id, leg, matrix, runner, status: trace.status === "failure" ? "failure" : trace.status === "switched-off" ? "switched-off" : "success", afterFailedNeeds });
      return trace;
    };
    if (!job.map || get(job.map, "uses", this.doc) !== undefined) {
      unit.finish();
      return ended(null);
    }
    const stepOutputs = new Map<string, Map<string, Sval>>();
    const unknownOutputs = new Set<string>();
    const github = { ...this.github, job: job.id };
    const runsOn = get(job.map, "runs-on", this.doc);
    const picked = pickRunner(runsOn, this.source, this.scope(new Map(), matrix, new Map(), needs, DEFAULT_RUNNER));
    const hosted = picked.choice.kind === "hosted" ? picked.choice.runner : null;
    const runner = hosted ?? DEFAULT_RUNNER;
    const base = runnerEnvironment(github, job.id, runner);
    const scopeFor = (env: ReadonlyMap<string, Sval>): Scope => this.scope(env, matrix, stepOutputs, needs, runner, unknownOutputs);
    const workflowEnv = this.evaluateEnv(get(this.source.root, "env", this.doc), new Map(), scopeFor);
    const jobEnv = this.evaluateEnv(get(job.map, "env", this.doc), workflowEnv, scopeFor);
    const condition = scalarText(get(job.map, "if", this.doc));
    const jobOff = inherited || (condition !== "" && evaluateCondition(condition, scopeFor(jobEnv)).result === false);
    const jobSoft = scalarText(get(job.map, "continue-on-error", this.doc)) === "true";
    if (jobOff) trace.status = "switched-off";
    const request = unit.emit(
      {
        type: "runner-label",
        job: job.id,
        leg,
        labels: picked.labels,
        choice: picked.choice,
        at: nodePosition(this.source.lines, runsOn),
        definedAt: `${this.github.repository}/${this.source.file}@${this.github.ref}`,
      },
      { soft: jobOff },
    );
    for (const f of request.findings) this.result.failures.push(runFailure(f, leg, -1));
    // A job no runner picks up runs none of its steps.
    if (request.findings.some((f) => f.rule.severity === "error")) {
      if (!jobOff) trace.status = "failure";
      unit.stop(jobTypes(job, this.source));
      return ended(null);
    }
    // "Set up job" downloads every action the steps use: one that cannot be resolved fails the job before its first step.
    const actions = job.steps.flatMap((step) => {
      const node = get(step.map, "uses", this.doc);
      const uses = scalarText(node);
      const at = uses.lastIndexOf("@");
      if (uses.startsWith("./") || uses.startsWith("docker://") || at < 0) return [];
      return [{ action: uses.slice(0, at), ref: uses.slice(at + 1), at: nodePosition(this.source.lines, node) }];
    });
    const download = unit.emit({ type: "actions-download", job: job.id, leg, actions }, { soft: jobOff });
    for (const f of download.findings) this.result.failures.push(runFailure(f, leg, -1));
    if (download.findings.some((f) => f.rule.severity === "error" && f.diagnostic.severity === "error")) {
      trace.status = "failure";
      unit.stop(jobTypes(job, this.source));
      return ended(null);
    }
    const visible: Artifacts = new Map();
    // Until a job has uploaded something there is nothing to download, and no need to walk a needs chain per job.
    if (this.uploadedAny) for (const n of transitiveNeeds(job.id, this.source)) for (const [name, a] of this.uploads.get(n) ?? []) visible.set(name, a);
    // Legs of one matrix job upload under the same job: what any of them uploaded is there for the jobs after.
    const uploaded: Artifacts = this.uploads.get(job.id) ?? new Map();
    this.uploads.set(job.id, uploaded);
    const state = this.freshState(job, leg, runner, unit);
    // Most workflows call none: then no needs chain is walked for it.
    const callers = this.workflowCallers;
    state.otherLegsUnrun = this.legsUnrun.has(job.id);
    state.unseenArtifacts = this.calledOnly || (callers.size > 0 && [...transitiveNeeds(job.id, this.source)].some((n) => callers.has(n)));
    const exports = new Map<string, Sval>();
    const defaults = (key: string): string =>
      scalarText(get(asMap(get(asMap(get(job.map, "defaults", this.doc)), "run", this.doc)), key, this.doc)) ||
      scalarText(get(asMap(get(asMap(get(this.source.root, "defaults", this.doc)), "run", this.doc)), key, this.doc));

    for (const [position, step] of job.steps.entries()) {
      const env = new Map([...jobEnv, ...exports]);
      const stepEnv = this.evaluateEnv(get(step.map, "env", this.doc), env, scopeFor);
      const scope = scopeFor(stepEnv);
      const name = stepName(step.map, this.doc);
      const stepIf = scalarText(get(step.map, "if", this.doc));
      const verdict = stepIf === "" ? null : evaluateCondition(stepIf, scope);
      if (verdict?.result === false && verdict.statusOnly) {
        trace.steps.push({ index: step.index, name, status: "skipped", log: [] });
        continue;
      }
      const off = jobOff || verdict?.result === false;
      const coe = scalarText(get(step.map, "continue-on-error", this.doc));
      const soft = jobSoft || coe === "true" || (coe.includes("${{") && interpolate(coe, scope).text === "true");
      const switchedOff = off || soft;
      // A step its own `if:` skips leaves nothing behind; in a job switched off as a whole the steps still follow
      // one another (a checkout's files are there for the `make` after it), as the job would run were it on.
      const runState = verdict?.result === false ? cloneState(state) : state;
      runState.step = step.index;
      const outcomeGate = verdict?.result === false && OUTCOME_READ.test(stepIf.replace(/'[^']*'/g, ""));
      const conditionUnknown = verdict?.result === "unknown";
      const ref = { job: job.id, leg, index: step.index, off, ...(outcomeGate ? { outcomeGate } : {}), ...(conditionUnknown ? { conditionUnknown } : {}) };
      const judge = new StepJudge(unit, ref, switchedOff, new StepSite(this.source, step));
      runState.judge = judge;
      const outputs = new Map<string, Sval>();
      // The shell sees the runner's default variables too; the `env` context does not.
      const shellEnv = new Map([...base, ...stepEnv]);
      const outcome = runStep({ source: this.source, step, state: runState, env: shellEnv, scope, defaults, github: this.github, outputs, exports, visible, uploaded });
      if (uploaded.size > 0) this.uploadedAny = true;
      if (runState !== state) state.skippedLogins.push(...loginsGained(state, runState));
      const id = scalarText(get(step.map, "id", this.doc));
      if (id !== "") stepOutputs.set(id, outputs);
      if (id !== "" && outcome.outputsUnknown) unknownOutputs.add(id);
      for (const swallowed of outcome.swallowed) judge.excuse(swallowed);
      const log = outcome.log.join("\n");
      for (const f of judge.findings) {
        f.diagnostic.log = log;
        this.result.failures.push(runFailure(f, leg, step.index));
      }
      const status = outcome.failure === null ? (off ? "switched-off" : "success") : off ? "switched-off" : "failure";
      trace.steps.push({ index: step.index, name, status, log: outcome.log });
      const stops = outcome.failure !== null && !switchedOff;
      // The leg stops where the failing event stopped it; what the step did is recorded after.
      if (stops) unit.stop(unreachedTypes(job, position, outcome.failure!, outcome.lists, this.source));
      judge.fact({
        type: "step-run",
        step: judge.step,
        name,
        soft: switchedOff,
        inputs: Object.fromEntries([...outcome.inputs].map(([k, v]) => [k, { text: v.text, origin: v.origin }])),
        status,
      });
      if (stops) {
        trace.status = "failure";
        break;
      }
    }
    const outputs = new Map<string, Sval>();
    for (const e of entries(asMap(get(job.map, "outputs", this.doc)), this.doc)) {
      outputs.set(e.key, interpolate(scalarText(e.value), scopeFor(jobEnv)));
    }
    this.jobOutputs.set(job.id, outputs);
    // A switched-off job builds and pushes nothing for the run: what its steps did stays with its soft findings.
    if (!jobOff) {
      this.result.builds.push(...state.builds);
      this.result.pushes.push(...state.pushes);
    }
    unit.finish();
    return ended(hosted);
  }

  private freshState(job: JobView, leg: string, runner: HostedRunner, unit: UnitRun<WorkflowEvent, WorkflowUnit>): RunnerState {
    return {
      repo: this.repo,
      runner,
      workspace: new Map(),
      checkouts: [],
      opaqueDirs: [],
      written: new Set(),
      filesUntracked: false,
      checkRepositoryFiles: this.engine.env.context,
      logins: new Map(),
      unseenLogins: [],
      skippedLogins: [],
      unseenArtifacts: false,
      otherLegsUnrun: false,
      images: new Set(),
      imagesUnseen: false,
      builder: "docker",
      buildxInstalled: runner.os === "Linux",
      node: null,
      permissions: tokenPermissions(this.source, job.map, this.world, !this.worldKnown || this.calledOnly),
      builds: [],
      pushes: [],
      knownPackages: new Set(Object.keys(this.world.registry).map((r) => (r.includes("/") && r.split("/")[0]!.includes(".") ? r : `docker.io/${r}`))),
      job: leg,
      step: 0,
      // Replaced before each step; a job-level one until then.
      judge: new StepJudge(unit, { job: job.id, leg, index: -1, off: false }, false, new StepSite(this.source, null)),
      ...(this.options.imageBuilder ? { imageBuilder: this.options.imageBuilder } : {}),
    };
  }
}

function stepName(step: JobView["steps"][number]["map"], doc: WorkflowSource["doc"]): string {
  const name = scalarText(get(step, "name", doc));
  if (name !== "") return name;
  const run = scalarText(get(step, "run", doc));
  return run !== "" ? `Run ${run.split("\n")[0]}` : `Run ${scalarText(get(step, "uses", doc))}`;
}

/** A condition that reads how a job or step ended (`needs.build.result`, `steps.lint.outcome`, `needs.*.result`). */
const OUTCOME_READ = /\.(result|outcome|conclusion)\b/;

/** The registries `after` may be logged in to that `before` is not: what a skipped step's login would have added. */
function loginsGained(before: RunnerState, after: RunnerState): RegExp[] {
  const named = [...after.logins.keys()].filter((r) => !before.logins.has(r)).map((r) => new RegExp(`^${r.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  return [...named, ...after.unseenLogins.slice(before.unseenLogins.length)];
}

function cloneState(state: RunnerState): RunnerState {
  return {
    ...state,
    workspace: new Map(state.workspace),
    written: new Set(state.written),
    checkouts: [...state.checkouts],
    opaqueDirs: [...state.opaqueDirs],
    logins: new Map(state.logins),
    unseenLogins: [...state.unseenLogins],
    skippedLogins: [...state.skippedLogins],
    images: new Set(state.images),
    builds: [...state.builds],
    pushes: [...state.pushes],
  };
}
