/**
 * A workflow still runs what it ran, judged on what its jobs declare and what the simulated run did:
 *  - every matrix leg that both the starting file and the clean base run is still run, and every runtime a
 *    setup action installed on them (Node 18 of `node: [18, 20]`) is still installed: deleting, excluding or
 *    pinning away a leg is not a fix; a leg only the starting file has (the fault) may go;
 *  - a job still waits for the jobs it waited for, directly or through another job, and still does not run
 *    when one of them fails (an `if: always()` would publish an image whose tests failed);
 *  - a job or step that ran on the base's run is not switched off by an `if:` that can never hold on it;
 *  - a job that ran on a GitHub-hosted runner does not now ask for a runner the simulation cannot know
 *    (self-hosted, a custom label): what it would do there is unknown, and unknown is not success;
 *  - GITHUB_TOKEN gets no more access than the base's run gave it at each push (write-all is not a fix).
 * These are the workflow-jobs check. Each reference is read from facts only; a run fact is compared only where
 * the current run got that far, so a half-fixed repository is not blamed for what its failing step never did.
 */
import type { JobLegEvent, RegistryPushEvent, StepRunEvent } from "../../simulators/workflow/events.js";
import type { IntentCheck, IntentInputs, RepositoryState, Violation } from "./types.js";
import type { DeclaredWorkflow } from "./workflow-declared.js";
import { declaredWorkflows, inputOnLegs, perDeclaration } from "./workflow-declared.js";
import { perState } from "./per-state.js";
import { installedToolchain, runtimeName, versionInput } from "../../simulators/workflow/runner/toolchains.js";

/**
 * The matrix keys of each job that name a setup action's version (`node-version: ${{ matrix.node }}`), with the
 * action and its input as written: a leg's value for such a key is the toolchain it installs, not its text.
 */
type Feeds = Map<string, { action: string; input: string; text: string; /** The input is this key's expression and nothing else. */ alone: boolean }>;

function feedsOf(workflow: DeclaredWorkflow, job: string): Feeds {
  const out: Feeds = new Map();
  for (const step of workflow.steps) {
    const action = step.uses?.action;
    const input = step.job === job && action ? versionInput(action) : undefined;
    const text = input ? step.with[input] : undefined;
    if (!action || text === undefined) continue;
    for (const [expression, key] of text.matchAll(/\$\{\{\s*matrix\.([A-Za-z_][A-Za-z0-9_-]*)\s*\}\}/g)) if (!out.has(key!)) out.set(key!, { action, input: input!, text, alone: text.trim() === expression });
  }
  return out;
}

/** A leg's value as compared: the toolchain a setup action installs for it (`18` and `18.x` alike), else its text. */
function legValue(feeds: Feeds, key: string, value: unknown): string {
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  const feed = feeds.get(key);
  if (!feed || typeof value === "object") return text;
  const spec = feed.text.replace(new RegExp(`\\$\\{\\{\\s*matrix\\.${key}\\s*\\}\\}`, "g"), text);
  return spec.includes("${{") ? text : installedToolchain(feed.action, spec);
}

/**
 * The name a leg's key is compared under: a key that alone sets a setup action's version is named after that
 * input (`actions/setup-node node-version`), so renaming `node:` to `node-version:` with the expression that reads
 * it keeps the legs it had; any other key by its own name.
 */
function keyName(feeds: Feeds, key: string, value: unknown): string {
  const feed = feeds.get(key);
  return feed && feed.alone && typeof value !== "object" ? `${feed.action} ${feed.input}` : key;
}

/**
 * A matrix leg as a comparable key (values as strings, keys sorted: `{node: 18}` and `{node: "18"}` alike, and
 * `{node: "18.x"}` or `{node-version: 18}` too where the key is what a setup action's version reads), with the
 * leg as written for messages.
 */
function legKey(feeds: Feeds, leg: Readonly<Record<string, unknown>>): { key: string; written: string } {
  const keys = Object.keys(leg).sort();
  return {
    key: keys
      .map((k) => `${keyName(feeds, k, leg[k])}=${legValue(feeds, k, leg[k])}`)
      .sort()
      .join(", "),
    written: keys.map((k) => `${k}=${typeof leg[k] === "object" ? JSON.stringify(leg[k]) : String(leg[k])}`).join(", "),
  };
}

/** Each job's legs, by job: comparable key to the leg as written. */
const legsOf = perDeclaration(readLegs);

function readLegs(workflow: DeclaredWorkflow): Map<string, Map<string, string>> {
  const feeds = feedsByJob(workflow);
  return new Map([...workflow.jobs].map(([id, job]) => [id, new Map(job.legs.map((leg) => legKey(feeds.get(id)!, leg)).map(({ key, written }) => [key, written]))]));
}

const feedsByJob = perDeclaration((workflow: DeclaredWorkflow) => new Map([...workflow.jobs.keys()].map((id) => [id, feedsOf(workflow, id)])));

/** Each job's installed runtimes, over every leg: the toolchain (`Node 18.20.8`) to the version as written (`Node 18`). */
const runtimesOf = perDeclaration(readRuntimes);

function readRuntimes(workflow: DeclaredWorkflow): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const step of workflow.steps) {
    const action = step.uses?.action;
    const input = action ? versionInput(action) : undefined;
    if (!action || !input) continue;
    const installed = out.get(step.job) ?? new Map<string, string>();
    for (const value of inputOnLegs(workflow, step, input)) {
      const toolchain = installedToolchain(action, value);
      if (!installed.has(toolchain)) installed.set(toolchain, `${runtimeName(action)} ${value.trim()}`);
    }
    out.set(step.job, installed);
  }
  return out;
}

/** The jobs `job` waits for, directly or through the jobs it waits for. */
function waitsFor(workflow: DeclaredWorkflow, job: string): Set<string> {
  const out = new Set<string>();
  const queue = [...(workflow.jobs.get(job)?.needs ?? [])];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (out.has(next)) continue;
    out.add(next);
    queue.push(...(workflow.jobs.get(next)?.needs ?? []));
  }
  return out;
}

/** What both maps hold for a key: what the starting file and the base agree a job has. */
function agreed(a: Map<string, Map<string, string>> | undefined, b: Map<string, Map<string, string>> | undefined): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  if (!a || !b) return out;
  for (const [job, values] of a) {
    const other = b.get(job);
    if (other) out.set(job, new Map([...values].filter(([key]) => other.has(key))));
  }
  return out;
}

interface RunView {
  legs: Map<string, JobLegEvent>;
  steps: Map<string, StepRunEvent>;
  permissions: Map<string, RegistryPushEvent["permissions"]>;
}

/** A state's run facts by workflow file: each job leg's end, each step's run (by job and name), each push's token. */
function computeRunsOf(state: RepositoryState): Map<string, RunView> {
  const out = new Map<string, RunView>();
  const view = (file: string) => {
    let found = out.get(file);
    if (!found) out.set(file, (found = { legs: new Map(), steps: new Map(), permissions: new Map() }));
    return found;
  };
  for (const { file, event } of state.facts.of<JobLegEvent>("job-leg")) view(file).legs.set(`${event.job}\0${event.leg}`, event);
  for (const { file, event } of state.facts.of<StepRunEvent>("step-run")) view(file).steps.set(`${event.step.job}\0${event.step.leg}\0${event.name}`, event);
  for (const { file, event } of state.facts.of<RegistryPushEvent>("registry-push")) view(file).permissions.set(event.registry, event.permissions);
  return out;
}
const runsOf = perState(computeRunsOf);

const LEVEL: Readonly<Record<string, number>> = { none: 0, read: 1, write: 2 };

/**
 * The runtimes each job must still install: those the starting file and the clean base both install, and,
 * for a job whose starting file installs none at all (its setup step broken, `use:` for `uses:`), the clean
 * base's: deleting the broken step leaves the matrix's versions uninstalled, which is not its repair.
 */
function runtimeReference(initial: DeclaredWorkflow, base: DeclaredWorkflow | undefined): Map<string, Map<string, string>> {
  const start = runtimesOf(initial);
  const clean = base ? runtimesOf(base) : undefined;
  const out = agreed(start, clean);
  if (clean) for (const [job, runtimes] of clean) if (initial.jobs.has(job) && (start.get(job)?.size ?? 0) === 0) out.set(job, runtimes);
  return out;
}

function declaredChanges(path: string, initial: DeclaredWorkflow, base: DeclaredWorkflow | undefined, current: DeclaredWorkflow): string[] {
  const out: string[] = [];
  const nowLegs = legsOf(current);
  for (const [job, legs] of agreed(legsOf(initial), base ? legsOf(base) : undefined)) {
    const now = nowLegs.get(job);
    if (!now) continue;
    for (const [leg, written] of legs) if (leg !== "" && !now.has(leg)) out.push(`${path}: job '${job}' no longer runs its matrix leg ${written}`);
  }
  const nowRuntimes = runtimesOf(current);
  for (const [job, runtimes] of runtimeReference(initial, base)) {
    const now = nowRuntimes.get(job);
    if (!current.jobs.has(job)) continue;
    for (const [runtime, written] of runtimes) if (!now?.has(runtime)) out.push(`${path}: job '${job}' no longer runs on ${written}`);
  }
  for (const job of initial.jobs.keys()) {
    if (!current.jobs.has(job)) continue;
    const now = waitsFor(current, job);
    for (const needed of waitsFor(initial, job)) if (current.jobs.has(needed) && !now.has(needed)) out.push(`${path}: job '${job}' no longer waits for '${needed}'`);
  }
  return out;
}

/**
 * A run's legs and steps keyed by the leg's matrix as legKey compares it, not by its name: `test (18)` and
 * `test (18.x)` install the same Node and are the same leg.
 */
function byLeg(view: RunView, workflow: DeclaredWorkflow | undefined): Pick<RunView, "legs" | "steps"> {
  if (!workflow) return view;
  const feeds = feedsByJob(workflow);
  const ids = new Map<string, string>();
  const legs = new Map<string, JobLegEvent>();
  for (const [name, leg] of view.legs) {
    const id = `${leg.job}\0${legKey(feeds.get(leg.job) ?? new Map(), leg.matrix).key}`;
    ids.set(name, id);
    legs.set(id, leg);
  }
  const steps = new Map<string, StepRunEvent>();
  for (const step of view.steps.values()) steps.set(`${ids.get(`${step.step.job}\0${step.step.leg}`) ?? `${step.step.job}\0${step.step.leg}`}\0${step.name}`, step);
  return { legs, steps };
}

function runChanges(path: string, baseRun: RunView | undefined, currentRun: RunView | undefined, baseWorkflow: DeclaredWorkflow | undefined, currentWorkflow: DeclaredWorkflow): string[] {
  if (!baseRun || !currentRun) return [];
  const out: string[] = [];
  const base = { ...byLeg(baseRun, baseWorkflow), permissions: baseRun.permissions };
  const current = { ...byLeg(currentRun, currentWorkflow), permissions: currentRun.permissions };
  for (const [key, leg] of base.legs) {
    const now = current.legs.get(key);
    if (!now) continue;
    if (leg.status === "success" && now.status === "switched-off") out.push(`${path}: job leg '${leg.leg}' no longer runs: its if: never holds on the workflow's trigger`);
    if (leg.afterFailedNeeds === false && now.afterFailedNeeds !== false && now.status !== "switched-off") {
      const how = now.afterFailedNeeds === true ? "now runs" : "may now run";
      out.push(`${path}: job leg '${leg.leg}' ${how} when a job it needs fails: its if: no longer waits for their success`);
    }
    if (leg.runner !== null && now.runner === null && now.status !== "switched-off" && now.status !== "not-run") out.push(`${path}: job leg '${leg.leg}' now asks for a runner no GitHub-hosted image provides: what it would do there is not known`);
  }
  for (const [key, step] of base.steps) {
    const now = current.steps.get(key);
    if (now && step.status === "success" && now.status === "switched-off") out.push(`${path}: step '${step.name}' of job '${step.step.job}' no longer runs: its if: never holds on the workflow's trigger`);
  }
  for (const [registry, permissions] of base.permissions) {
    const now = current.permissions.get(registry);
    if (!now) continue;
    const widened = Object.keys(now).filter((scope) => (LEVEL[now[scope]!] ?? 0) > (LEVEL[permissions[scope] ?? "none"] ?? 0));
    if (widened.length > 0) out.push(`${path}: GITHUB_TOKEN now has more access than the job needs (${widened.map((s) => `${s}: ${now[s]}`).join(", ")})`);
  }
  return out;
}

function judge({ initial, base, current }: IntentInputs): Violation[] {
  const out: Violation[] = [];
  const now = declaredWorkflows(current);
  const bases = base ? declaredWorkflows(base) : new Map<string, DeclaredWorkflow>();
  const baseRuns = base ? runsOf(base) : new Map<string, RunView>();
  const currentRuns = runsOf(current);
  for (const [path, workflow] of declaredWorkflows(initial)) {
    const is = now.get(path);
    if (!is) continue;
    const messages = [...declaredChanges(path, workflow, bases.get(path), is), ...runChanges(path, baseRuns.get(path), currentRuns.get(path), bases.get(path), is)];
    for (const message of messages) out.push({ check: "workflow-jobs", file: path, message });
  }
  return out;
}

export const workflowJobsKept: IntentCheck = { name: "workflow-jobs", check: judge };
