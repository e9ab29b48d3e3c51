/**
 * A workflow still does what it did:
 *  - every job is still there, and every step that ran something (a `uses` or a `run`) still has its own
 *    counterpart (two build steps are not one). Deleting the failing step or job is not a fix. A step that
 *    ran nothing may go: deleting it is one of the real fixes for a step GitHub rejects;
 *  - the commands a job ran (docker build/push/login, curl, kubectl, npm test …) are still run in that job, or
 *    an action that does the same took their place; printing a command (`echo curl …`, a here-document) does
 *    not run it, nor does asking a test runner only to collect its tests, and one that ran unconditionally is
 *    not only run under a condition now;
 *  - the events that started the workflow still start it, with the same branch and tag filters (a misspelt
 *    `branch:` is read as the filter it was meant to be) and no new paths or types filter, so the pipeline is
 *    not switched off, narrowed or widened to every branch by editing its trigger (where the starting file lost
 *    its triggers, the scenario's clean base says which they were, and a restored one may only be wider);
 *  - a job that runs only for one event (`if: github.event_name == 'push'`) still has that event to run on;
 *  - a job whose GITHUB_TOKEN a `permissions:` limited is still limited: deleting a block GitHub rejects
 *    (`content: read`) or widening it to write-all hands the job every scope instead of the ones it was given
 *    (a scope it needs may still be added).
 *
 * Everything is read from the workflow simulator's declaration facts (workflow-declared.ts): the commands a
 * script runs are the shell parser's, not words split on spaces.
 */
import type { ScriptCommand, WorkflowStepEvent } from "../../simulators/workflow/declared-events.js";
import type { IntentCheck, RepositoryState, Violation } from "./types.js";
import type { DeclaredWorkflow } from "./workflow-declared.js";
import { declaredWorkflows, inputOnLegs, perDeclaration } from "./workflow-declared.js";

interface StepIdentity {
  job: string;
  keys: string[];
  label: string;
  /** The tracked commands the step runs (`docker build`, `docker push`). */
  tracked: string[];
  /** Whether every tracked command of the step builds, tags or pushes an image with the docker CLI. */
  imageOnly: boolean;
}

interface WorkflowView {
  jobs: Set<string>;
  steps: StepIdentity[];
  /** Commands (`docker push`, `curl`) and actions (`uses:docker/login-action`) each job runs. */
  commands: Map<string, Set<string>>;
  /** The commands each job runs outside any condition. */
  unconditional: Map<string, Set<string>>;
  /** Event → its ref filters (`branches:main`, `tags:v*`); empty when the file has no triggers. */
  events: Map<string, Set<string>>;
  /** Job → the events its `if:` limits it to. */
  eventGuards: Map<string, string[]>;
  /** Job → how many times its run steps run each tracked command. */
  counts: Map<string, Map<string, number>>;
  /** Job → how many docker/build-push-action steps push. */
  pushingBuilds: Map<string, number>;
  /** Job → the step ids its steps define (`id: meta`), each with the action that step uses (null for a run step). */
  stepIds: Map<string, Map<string, string | null>>;
  /** Jobs with a step that has `with:` inputs and no `uses:`: an action step that lost its action. */
  actionless: Set<string>;
  /** Job → the step ids whose outputs or outcome its steps read (`${{ steps.meta.outputs.tags }}`). */
  stepsRead: Map<string, Set<string>>;
}

/** The step ids an expression text reads (`steps.meta.outputs.tags` → meta). */
function stepIdsRead(text: string): string[] {
  return [...text.matchAll(/\bsteps\.([A-Za-z_][A-Za-z0-9_-]*)\./g)].map((m) => m[1]!);
}

/** `push: true` or an expression other than a literal false. */
export function pushesValue(value: string | undefined): boolean {
  if (value === undefined) return false;
  const text = value.trim();
  if (text === "true") return true;
  return /^\$\{\{/.test(text) && !/^\$\{\{\s*false\s*\}\}$/.test(text);
}

/** Programs whose subcommand says what they do. */
const WITH_SUBCOMMAND = new Set(["docker", "kubectl", "helm", "npm", "yarn", "pnpm", "pip", "pip3", "go", "cargo", "make", "gh", "aws", "gcloud", "az"]);
/** Commands that run the command after them. */
const WRAPPERS = new Set(["sudo", "exec", "time", "command", "env", "nohup", "xargs", "!"]);
/** Commands an intent check follows: what a delivery pipeline does. */
const TRACKED = /^(docker (build|push|login|tag|buildx)|curl|wget|kubectl|helm|npm (ci|install|test|run|publish)|yarn|pnpm|pip3? install|pytest|python|node|go (build|test)|make|cargo|gh|aws|gcloud|az)\b/;

/** Actions that do what a command did, so replacing one with the other keeps the job's meaning. */
const EQUIVALENT_ACTIONS: Array<{ command: RegExp; action: RegExp }> = [
  { command: /^docker login\b/, action: /^docker\/login-action$/ },
  { command: /^docker (build|push|tag|buildx)\b/, action: /^docker\/build-push-action$/ },
  { command: /^curl\b/, action: /slack|discord|notify|webhook|http-request/i },
  { command: /^kubectl\b/, action: /k8s|kube|deploy/i },
  { command: /^npm (ci|install)\b/, action: /^actions\/setup-node$/ },
];

/** A command as the checks name it: wrappers and their options dropped, a program with its subcommand. */
export function commandName(argv: readonly string[]): string | null {
  const words = [...argv];
  while (words.length > 0 && (WRAPPERS.has(words[0]!) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!) || (words[0]!.startsWith("-") && words.length > 1))) words.shift();
  const name = words[0];
  if (!name) return null;
  const sub = WITH_SUBCOMMAND.has(name) ? words.slice(1).find((w) => !w.startsWith("-")) : undefined;
  return sub ? `${name} ${sub}` : name;
}

/**
 * What a step's script runs: the commands it does not only print. A test runner asked to run no test
 * (`pytest --collect-only`) does not run the tests it names.
 */
function runCommands(step: WorkflowStepEvent): ScriptCommand[] {
  return step.commands.filter((c) => !c.printed && !c.runsNoTests);
}

/** The filter key a trigger meant: a misspelt `branch:`/`tag:` counts as the filter it meant. */
function filterKind(key: string): string | null {
  if (/^branch(es)?$/.test(key)) return "branches";
  if (/^tags?$/.test(key)) return "tags";
  if (/^branch(es)?-ignore$/.test(key)) return "branches-ignore";
  if (/^tags?-ignore$/.test(key)) return "tags-ignore";
  if (NARROWING.has(key)) return key;
  return null;
}

/** Filters that only ever narrow an event: a run for some paths, some activity types, some workflows. */
const NARROWING = new Set(["paths", "paths-ignore", "types", "workflows"]);

/** The events a job's `if:` limits it to, when it is a plain `github.event_name == 'x'` (or several joined by ||). */
function eventGuard(condition: string | null): string[] | null {
  if (condition === null) return null;
  const text = condition.trim().replace(/^\$\{\{\s*/, "").replace(/\s*\}\}$/, "");
  const parts = text.split("||").map((p) => p.trim().match(/^\(?\s*github\.event_name\s*==\s*['"]([\w-]+)['"]\s*\)?$/));
  if (parts.length === 0 || parts.some((m) => !m)) return null;
  return parts.map((m) => m![1]!);
}

function eventsOf(workflow: DeclaredWorkflow): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const trigger of workflow.triggers) {
    const filters = new Set<string>();
    for (const [key, values] of Object.entries(trigger.filters)) {
      const kind = filterKind(key);
      if (kind) for (const v of values) filters.add(`${kind}:${v}`);
    }
    out.set(trigger.event, filters);
  }
  return out;
}

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key) ?? new Set<string>();
  set.add(value);
  map.set(key, set);
}

/** What a workflow file does, as the checks compare it; once per declaration (workflow-declared.ts). */
const viewOf = perDeclaration(readView);

function readView(workflow: DeclaredWorkflow): WorkflowView {
  const view: WorkflowView = { jobs: new Set(workflow.jobs.keys()), steps: [], commands: new Map(), unconditional: new Map(), events: eventsOf(workflow), eventGuards: new Map(), counts: new Map(), pushingBuilds: new Map(), actionless: new Set(), stepIds: new Map(), stepsRead: new Map() };
  for (const [id, job] of workflow.jobs) {
    view.commands.set(id, new Set());
    view.unconditional.set(id, new Set());
    view.counts.set(id, new Map());
    const guard = eventGuard(job.if);
    if (guard) view.eventGuards.set(id, guard);
  }
  for (const step of workflow.steps) {
    const job = step.job;
    const uses = step.uses?.action ?? null;
    if (uses === null && !step.run && Object.keys(step.with).length > 0) view.actionless.add(job);
    if (step.id !== null) {
      const ids = view.stepIds.get(job) ?? new Map<string, string | null>();
      if (!ids.has(step.id)) ids.set(step.id, uses);
      view.stepIds.set(job, ids);
    }
    const texts = [...Object.values(step.with), ...Object.values(step.env), step.if ?? "", ...step.commands.flatMap((c) => c.argv)];
    for (const id of texts.flatMap(stepIdsRead)) add(view.stepsRead, job, id);
    if (uses) {
      add(view.commands, job, `uses:${uses}`);
      add(view.unconditional, job, `uses:${uses}`);
    }
    if (uses === "docker/build-push-action" && inputOnLegs(workflow, step, "push").some(pushesValue)) view.pushingBuilds.set(job, (view.pushingBuilds.get(job) ?? 0) + 1);
    const commands = runCommands(step);
    const names: string[] = [];
    for (const command of commands) {
      const name = commandName(command.argv);
      if (name === null) continue;
      names.push(name);
      add(view.commands, job, name);
      if (!command.conditional) add(view.unconditional, job, name);
    }
    if (uses === null && !step.run) continue;
    const first = commands[0] ? commands[0].argv.slice(0, 2).join(" ") : null;
    // A run step and the action that does the same (docker login ↔ docker/login-action) are counterparts.
    const equivalents = EQUIVALENT_ACTIONS.flatMap((e, k) => ((uses && e.action.test(uses)) || names.some((c) => e.command.test(c)) ? [`does:${k}`] : []));
    const keys = [step.name ? `name:${step.name}` : "", uses ? `uses:${uses}` : "", first ? `run:${first}` : "", ...equivalents].filter(Boolean);
    const tracked = names.filter((c) => TRACKED.test(c));
    const counts = view.counts.get(job) ?? new Map<string, number>();
    for (const c of tracked) counts.set(c, (counts.get(c) ?? 0) + 1);
    view.counts.set(job, counts);
    view.steps.push({
      job,
      keys,
      label: step.name ?? uses ?? first ?? "a step",
      tracked,
      imageOnly: tracked.length > 0 && tracked.every((c) => /^docker (build|push|tag|buildx)$/.test(c)),
    });
  }
  return view;
}

/** Pairs every earlier step with its own later counterpart: first by name, then by action or command. */
function unmatchedSteps(was: StepIdentity[], is: StepIdentity[]): StepIdentity[] {
  const used = new Set<number>();
  const matched = new Set<number>();
  for (const pass of [(k: string) => k.startsWith("name:"), (_: string) => true]) {
    was.forEach((step, i) => {
      if (matched.has(i)) return;
      const j = is.findIndex((s, n) => !used.has(n) && s.job === step.job && s.keys.some((k) => pass(k) && step.keys.includes(k)));
      if (j >= 0) {
        used.add(j);
        matched.add(i);
      }
    });
  }
  return was.filter((_, i) => !matched.has(i));
}

/**
 * A step whose work another step of its job now does: run steps joined into one (the job still runs each of
 * the step's commands as many times as it did, so deleting one of two pushes is no merge), or a docker
 * build/push pair replaced by one build-push-action step that pushes (one the job did not have before).
 */
function mergedInto(step: StepIdentity, was: WorkflowView, is: WorkflowView): boolean {
  const before = was.counts.get(step.job) ?? new Map<string, number>();
  const now = is.counts.get(step.job) ?? new Map<string, number>();
  if (step.tracked.length > 0 && step.tracked.every((c) => (now.get(c) ?? 0) >= (before.get(c) ?? 0))) return true;
  return step.imageOnly && (is.pushingBuilds.get(step.job) ?? 0) > (was.pushingBuilds.get(step.job) ?? 0);
}

function stillRuns(command: string, now: Set<string>): boolean {
  if (now.has(command)) return true;
  if (command.startsWith("uses:")) return false;
  const actions = [...now].filter((c) => c.startsWith("uses:")).map((c) => c.slice(5));
  return EQUIVALENT_ACTIONS.some((e) => e.command.test(command) && actions.some((a) => e.action.test(a)));
}

const kindOf = (filter: string) => filter.slice(0, filter.indexOf(":"));

/**
 * How the triggers changed from the reference's. `widening` (triggers the starting file lost, restored from the
 * base): a restored event may run on more than the base's filters say (`on: [push, pull_request]`), never on
 * fewer: a branch filter the base had is kept, or dropped for every branch.
 */
function triggerViolations(path: string, was: Map<string, Set<string>>, is: Map<string, Set<string>>, widening = false): string[] {
  const out: string[] = [];
  for (const [event, filters] of was) {
    const nowFilters = is.get(event);
    if (!nowFilters) {
      out.push(`${path}: the workflow no longer runs on '${event}'`);
      continue;
    }
    const nowKinds = new Set([...nowFilters].map(kindOf));
    const lost = [...filters].filter((f) => !nowFilters.has(f) && !(widening && !nowKinds.has(kindOf(f)) && !NARROWING.has(kindOf(f))));
    const ignores = [...nowFilters].filter((f) => f.includes("-ignore:") && !filters.has(f));
    const narrowed = [...nowFilters].filter((f) => NARROWING.has(kindOf(f)) && !f.includes("-ignore:") && !filters.has(f));
    if (lost.length > 0) out.push(`${path}: the '${event}' trigger no longer filters ${lost.join(", ")}`);
    else if (ignores.length > 0) out.push(`${path}: the '${event}' trigger now ignores ${ignores.join(", ")}`);
    else if (narrowed.length > 0) out.push(`${path}: the '${event}' trigger now runs only for ${narrowed.join(", ")}`);
  }
  return out;
}

/** Whether a branch filter value (`main`, `release/**`, `*`) matches branch `name`, as GitHub's globs do. */
function matchesBranch(filter: string, name: string): boolean {
  if (filter === name || filter === "**") return true;
  const pattern = filter.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*\*/g, "\u0000").replace(/\*/g, "[^/]*").replace(/\u0000/g, ".*");
  return new RegExp(`^${pattern}$`).test(name);
}

/**
 * The branches the clean base's workflow ran for that it no longer runs for: where the starting file's filter
 * was misspelt (GitHub refuses the file, so the starting state says nothing), the base says which branches the
 * delivery was meant for, and retargeting it (`branches: [develop]`, `tags: ['v*']` alone) stops it there.
 */
function branchesLost(path: string, base: Map<string, Set<string>>, is: Map<string, Set<string>>): string[] {
  const out: string[] = [];
  for (const [event, filters] of base) {
    const meant = [...filters].filter((f) => kindOf(f) === "branches").map((f) => f.slice("branches:".length));
    const now = is.get(event);
    if (meant.length === 0 || now === undefined) continue;
    const kinds = new Set([...now].map(kindOf));
    // No ref filter at all: every branch and tag.
    if (!kinds.has("branches") && !kinds.has("branches-ignore") && !kinds.has("tags") && !kinds.has("tags-ignore")) continue;
    const branches = [...now].filter((f) => kindOf(f) === "branches").map((f) => f.slice("branches:".length));
    const ignored = [...now].filter((f) => kindOf(f) === "branches-ignore").map((f) => f.slice("branches-ignore:".length));
    const onlyIgnores = !kinds.has("branches") && !kinds.has("tags") && !kinds.has("tags-ignore");
    const lost = meant.filter((b) => !(onlyIgnores ? !ignored.some((f) => matchesBranch(f, b)) : branches.some((f) => matchesBranch(f, b))));
    if (lost.length > 0) out.push(`${path}: the '${event}' trigger no longer runs for ${lost.map((b) => `branch ${b}`).join(", ")}, as the clean workflow did`);
  }
  return out;
}

/**
 * Whether a job still does what action `action` did: it still uses it (at any version), or runs the command it
 * stands for (`docker login` for docker/login-action).
 */
function stillUses(action: string, now: Set<string>): boolean {
  if (now.has(`uses:${action}`)) return true;
  return EQUIVALENT_ACTIONS.some((e) => e.action.test(action) && [...now].some((c) => !c.startsWith("uses:") && e.command.test(c)));
}

/**
 * The actions a job used, in the starting file and in the clean base alike, that it no longer uses: a step kept
 * under its name whose `uses:` became `run: true` logs in, builds or sets up nothing. Where the starting file
 * has an action step without its `uses:` (inputs and nothing to run), every action of the base's job is
 * required: deleting that step leaves the login or the tags to nobody. An action only the starting file names
 * (a misspelt one) is not required; without a base nothing is.
 */
function actionsLost(path: string, was: WorkflowView, basis: WorkflowView | undefined, is: WorkflowView): string[] {
  if (!basis) return [];
  const out: string[] = [];
  for (const [job, commands] of was.commands) {
    const current = is.commands.get(job);
    const clean = basis.commands.get(job);
    if (!current || !clean) continue;
    // An action step the starting file left without its `uses:` stands for one of the base's actions.
    const required = was.actionless.has(job) ? clean : commands;
    for (const command of required) {
      if (!command.startsWith("uses:") || !clean.has(command)) continue;
      const action = command.slice("uses:".length);
      if (!stillUses(action, current)) out.push(`${path}: job '${job}' no longer uses ${action}`);
    }
  }
  return out;
}

/**
 * The steps whose outputs another step reads in the clean base (`id: meta` whose tags the build pushes) and
 * that the job no longer defines, or that no longer use the action that set them there: a step GitHub rejects
 * for having no `uses:` is deleted (or made `run: true`), and the build is left with no tags, a failure the run
 * meets only once it gets that far.
 */
function stepOutputsLost(path: string, basis: WorkflowView | undefined, is: WorkflowView): string[] {
  if (!basis) return [];
  const out: string[] = [];
  for (const [job, read] of basis.stepsRead) {
    const defined = basis.stepIds.get(job);
    if (!is.jobs.has(job) || !defined) continue;
    for (const id of read) {
      if (!defined.has(id)) continue;
      const now = is.stepIds.get(job);
      const action = defined.get(id);
      if (!now?.has(id)) out.push(`${path}: job '${job}' no longer has step '${id}', whose outputs its steps read`);
      else if (action && now.get(id) !== action) out.push(`${path}: job '${job}' step '${id}', whose outputs its steps read, no longer uses ${action}`);
    }
  }
  return out;
}

function fileViolations(path: string, was: WorkflowView, is: WorkflowView, reference: Map<string, Set<string>>, widening: boolean, basis?: WorkflowView): string[] {
  const out: string[] = [];
  for (const job of was.jobs) if (!is.jobs.has(job)) out.push(`${path}: job '${job}' was removed`);
  const live = was.steps.filter((s) => is.jobs.has(s.job));
  for (const step of unmatchedSteps(live, is.steps)) {
    if (mergedInto(step, was, is)) continue;
    out.push(`${path}: step '${step.label}' of job '${step.job}' was removed`);
  }
  for (const [job, commands] of was.commands) {
    const current = is.commands.get(job);
    if (!current) continue;
    for (const command of commands) {
      if (command.startsWith("uses:") || !TRACKED.test(command)) continue;
      if (!stillRuns(command, current)) out.push(`${path}: job '${job}' no longer runs '${command}'`);
      else if (was.unconditional.get(job)?.has(command) && !stillRuns(command, is.unconditional.get(job) ?? new Set())) out.push(`${path}: job '${job}' now runs '${command}' only under a condition`);
    }
  }
  out.push(...actionsLost(path, was, basis, is));
  out.push(...stepOutputsLost(path, basis, is));
  out.push(...triggerViolations(path, reference, is.events, widening));
  for (const [job, guard] of is.eventGuards) {
    if (!is.jobs.has(job) || guard.some((e) => is.events.has(e))) continue;
    const couldRun = reference.size === 0 || (was.eventGuards.get(job) ?? guard).some((e) => reference.has(e));
    if (couldRun) out.push(`${path}: job '${job}' runs only on ${guard.join(" or ")}, which no longer triggers the workflow`);
  }
  return out;
}

/** Jobs whose token `permissions:` limited and no longer does. */
function tokenWidened(path: string, was: DeclaredWorkflow, is: DeclaredWorkflow): string[] {
  const out: string[] = [];
  for (const [job, declared] of was.jobs) {
    const now = is.jobs.get(job);
    if (declared.token !== "limited" || !now || now.token === "limited") continue;
    out.push(`${path}: job '${job}' no longer limits GITHUB_TOKEN's permissions (${now.token === "write-all" ? "permissions: write-all gives it every scope" : "its permissions: block is gone, so the repository's default decides"})`);
  }
  return out;
}

function violationsOf(initial: RepositoryState, base: RepositoryState | null, current: RepositoryState): Violation[] {
  const out: Violation[] = [];
  const now = declaredWorkflows(current);
  const bases = base ? declaredWorkflows(base) : new Map<string, DeclaredWorkflow>();
  for (const [path, workflow] of declaredWorkflows(initial)) {
    const is = now.get(path);
    // A file removed is filesKept's finding; one that no longer reads fails in the simulator.
    if (!is) continue;
    const was = viewOf(workflow);
    const basis = bases.get(path);
    // Triggers the starting file lost come from the base: restoring them is the fix, and a restored trigger may
    // run on more than the base's (`on: [push, pull_request]`), not on fewer branches, paths or types.
    const widening = was.events.size === 0 && basis !== undefined;
    const reference = widening ? eventsOf(basis) : was.events;
    const messages = fileViolations(path, was, viewOf(is), reference, widening, basis === undefined ? undefined : viewOf(basis));
    if (basis !== undefined && !widening) for (const m of branchesLost(path, eventsOf(basis), viewOf(is).events)) if (!messages.includes(m)) messages.push(m);
    messages.push(...tokenWidened(path, workflow, is));
    for (const message of messages) out.push({ check: "workflow-steps", file: path, message });
  }
  return out;
}

export const workflowIntent: IntentCheck = {
  name: "workflow-steps",
  check: ({ initial, base, current }) => violationsOf(initial, base, current),
};
