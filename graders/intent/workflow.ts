/**
 * A workflow still does what it did:
 *  - every job is still there, and every step that ran something (a `uses` or a `run`) still has its own
 *    counterpart (two build steps are not one). Deleting the failing step or job is not a fix. A step that
 *    ran nothing may go: deleting it is one of the real fixes for a step GitHub rejects;
 *  - the commands a job ran (docker build/push/login, curl, kubectl, npm test …) are still run in that job, or
 *    an action that does the same took their place; printing a command (`echo curl …`) does not run it;
 *  - the events that started the workflow still start it, with the same branch and tag filters (a misspelt
 *    `branch:` is read as the filter it was meant to be), so the pipeline is not switched off or widened to
 *    every branch by editing its trigger;
 *  - a job that runs only for one event (`if: github.event_name == 'push'`) still has that event to run on.
 */
import { isWorkflowPath } from "../../simulators/workflow/index.js";
import type { TextCheck } from "./legacy.js";
import { isRecord, yamlDocuments } from "./yaml-docs.js";

interface StepIdentity {
  job: string;
  keys: string[];
  label: string;
  /** The tracked commands the step runs (`docker build`, `docker push`). */
  tracked: string[];
  /** Whether every tracked command of the step builds, tags or pushes an image with the docker CLI. */
  imageOnly: boolean;
}

interface WorkflowFacts {
  jobs: Set<string>;
  steps: StepIdentity[];
  /** Commands (`docker push`, `curl`) and actions (`docker/login-action`) each job runs. */
  commands: Map<string, Set<string>>;
  /** Event → its ref filters (`branches:main`, `tags:v*`), or null when `on` is absent. */
  events: Map<string, Set<string>> | null;
  /** Job → the events its `if:` limits it to. */
  eventGuards: Map<string, string[]>;
  /** Job → how many times its run steps run each tracked command. */
  counts: Map<string, Map<string, number>>;
  /** Job → how many docker/build-push-action steps push. */
  pushingBuilds: Map<string, number>;
}

/** `push: true` or an expression other than a literal false. */
function pushesValue(value: unknown): boolean {
  if (value === true || value === "true") return true;
  return typeof value === "string" && /^\$\{\{/.test(value.trim()) && !/^\$\{\{\s*false\s*\}\}$/.test(value.trim());
}

/** Programs whose subcommand says what they do. */
const WITH_SUBCOMMAND = new Set(["docker", "kubectl", "helm", "npm", "yarn", "pnpm", "pip", "pip3", "go", "cargo", "make", "gh", "aws", "gcloud", "az"]);
/** Commands that only say something: what follows them is not run. */
const INERT = new Set(["echo", "printf", ":", "true", "false", "#", "cat", "test", "["]);
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

/** The simple commands of a script: split at newlines and shell operators, assignments and wrappers dropped. */
export function scriptCommands(script: string): string[] {
  const out: string[] = [];
  const joined = script.replace(/\\\n/g, " ");
  for (const line of joined.split("\n")) {
    const text = line.trim();
    if (text === "" || text.startsWith("#")) continue;
    for (const part of text.split(/\|\||&&|[;|&]/)) {
      const words = part.trim().replace(/^[({]\s*/, "").split(/\s+/).filter(Boolean);
      while (words.length > 0 && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!) || ["sudo", "exec", "time", "command", "env", "then", "do", "else", "!"].includes(words[0]!))) words.shift();
      const name = words[0];
      if (!name) continue;
      if (INERT.has(name)) {
        out.push(name);
        continue;
      }
      const sub = WITH_SUBCOMMAND.has(name) ? words.slice(1).find((w) => !w.startsWith("-")) : undefined;
      out.push(sub ? `${name} ${sub}` : name);
    }
  }
  return out;
}

function stringList(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The events of `on` with their ref filters; a misspelt `branch:`/`tag:` counts as the filter it meant. */
function eventsOf(on: unknown): Map<string, Set<string>> | null {
  if (on === undefined || on === null) return null;
  const out = new Map<string, Set<string>>();
  if (typeof on === "string") out.set(on, new Set());
  if (Array.isArray(on)) {
    for (const e of on) if (typeof e === "string") out.set(e, new Set());
  }
  if (isRecord(on)) {
    for (const [event, config] of Object.entries(on)) {
      const filters = new Set<string>();
      if (isRecord(config)) {
        for (const [key, value] of Object.entries(config)) {
          const kind = /^branch(es)?$/.test(key) ? "branches" : /^tags?$/.test(key) ? "tags" : /^branch(es)?-ignore$/.test(key) ? "branches-ignore" : /^tags?-ignore$/.test(key) ? "tags-ignore" : null;
          if (kind) for (const v of stringList(value)) filters.add(`${kind}:${v}`);
        }
      }
      out.set(event, filters);
    }
  }
  return out;
}

/** The events a job's `if:` limits it to, when it is a plain `github.event_name == 'x'` (or several joined by ||). */
function eventGuard(condition: unknown): string[] | null {
  if (typeof condition !== "string") return null;
  const text = condition.trim().replace(/^\$\{\{\s*/, "").replace(/\s*\}\}$/, "");
  const parts = text.split("||").map((p) => p.trim().match(/^\(?\s*github\.event_name\s*==\s*['"]([\w-]+)['"]\s*\)?$/));
  if (parts.length === 0 || parts.some((m) => !m)) return null;
  return parts.map((m) => m![1]!);
}

function workflowFacts(content: string): WorkflowFacts | null {
  const doc = yamlDocuments(content)[0];
  if (!isRecord(doc) || !isRecord(doc["jobs"])) return null;
  const facts: WorkflowFacts = { jobs: new Set(), steps: [], commands: new Map(), events: eventsOf(doc["on"] ?? doc["true"]), eventGuards: new Map(), counts: new Map(), pushingBuilds: new Map() };
  for (const [jobId, job] of Object.entries(doc["jobs"])) {
    facts.jobs.add(jobId);
    const commands = new Set<string>();
    facts.commands.set(jobId, commands);
    const counts = new Map<string, number>();
    facts.counts.set(jobId, counts);
    if (!isRecord(job)) continue;
    const guard = eventGuard(job["if"]);
    if (guard) facts.eventGuards.set(jobId, guard);
    if (!Array.isArray(job["steps"])) continue;
    for (const step of job["steps"]) {
      if (!isRecord(step)) continue;
      const uses = typeof step["uses"] === "string" ? step["uses"].split("@")[0]! : null;
      const run = typeof step["run"] === "string" ? step["run"].trim().split(/\s+/).slice(0, 2).join(" ") : null;
      if (uses) commands.add(`uses:${uses}`);
      if (uses === "docker/build-push-action" && isRecord(step["with"]) && pushesValue(step["with"]["push"])) facts.pushingBuilds.set(jobId, (facts.pushingBuilds.get(jobId) ?? 0) + 1);

      if (typeof step["run"] === "string") for (const c of scriptCommands(step["run"])) commands.add(c);
      if (uses === null && run === null) continue;
      // A run step and the action that does the same (docker login ↔ docker/login-action) are counterparts.
      const stepCommands = typeof step["run"] === "string" ? scriptCommands(step["run"]) : [];
      const equivalents = EQUIVALENT_ACTIONS.flatMap((e, k) => ((uses && e.action.test(uses)) || stepCommands.some((c) => e.command.test(c)) ? [`does:${k}`] : []));
      const keys = [typeof step["name"] === "string" ? `name:${step["name"]}` : "", uses ? `uses:${uses}` : "", run ? `run:${run}` : "", ...equivalents].filter(Boolean);
      const tracked = stepCommands.filter((c) => TRACKED.test(c));
      for (const c of tracked) counts.set(c, (counts.get(c) ?? 0) + 1);
      facts.steps.push({
        job: jobId,
        keys,
        label: typeof step["name"] === "string" ? step["name"] : (uses ?? run ?? "a step"),
        tracked,
        imageOnly: tracked.length > 0 && tracked.every((c) => /^docker (build|push|tag|buildx)$/.test(c)),
      });
    }
  }
  return facts;
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
function mergedInto(step: StepIdentity, was: WorkflowFacts, is: WorkflowFacts): boolean {
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

export const workflowIntent: TextCheck = (before, after) => {
  const violations: string[] = [];
  for (const [path, file] of before) {
    if (!isWorkflowPath(path)) continue;
    const now = after.get(path);
    const was = workflowFacts(file.content);
    if (!now || !was) continue;
    const is = workflowFacts(now.content);
    if (!is) continue; // a file that no longer parses fails in the simulator
    for (const job of was.jobs) if (!is.jobs.has(job)) violations.push(`${path}: job '${job}' was removed`);
    const live = was.steps.filter((s) => is.jobs.has(s.job));
    for (const step of unmatchedSteps(live, is.steps)) {
      if (mergedInto(step, was, is)) continue;
      violations.push(`${path}: step '${step.label}' of job '${step.job}' was removed`);
    }
    for (const [job, commands] of was.commands) {
      const current = is.commands.get(job);
      if (!current) continue;
      for (const command of commands) {
        if (command.startsWith("uses:") || !TRACKED.test(command)) continue;
        if (!stillRuns(command, current)) violations.push(`${path}: job '${job}' no longer runs '${command}'`);
      }
    }
    if (was.events && was.events.size > 0) {
      for (const [event, filters] of was.events) {
        const nowFilters = is.events?.get(event);
        if (!nowFilters) {
          violations.push(`${path}: the workflow no longer runs on '${event}'`);
          continue;
        }
        const lost = [...filters].filter((f) => !nowFilters.has(f));
        const ignores = [...nowFilters].filter((f) => f.includes("-ignore:") && !filters.has(f));
        if (lost.length > 0) violations.push(`${path}: the '${event}' trigger no longer filters ${lost.join(", ")}`);
        else if (ignores.length > 0) violations.push(`${path}: the '${event}' trigger now ignores ${ignores.join(", ")}`);
      }
    }
    const events = is.events ?? new Map<string, Set<string>>();
    for (const [job, guard] of is.eventGuards) {
      if (!is.jobs.has(job) || guard.some((e) => events.has(e))) continue;
      const couldRun = !was.events || was.events.size === 0 || (was.eventGuards.get(job) ?? guard).some((e) => was.events!.has(e));
      if (couldRun) violations.push(`${path}: job '${job}' runs only on ${guard.join(" or ")}, which no longer triggers the workflow`);
    }
  }
  return violations;
};
