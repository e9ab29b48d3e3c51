/**
 * What each workflow file of a state declares, gathered from the workflow simulator's declaration facts (its
 * triggers, jobs with their matrix legs, steps with the commands their scripts run, each read with the
 * simulator's own YAML and shell parsers), and the values a step's inputs take on each leg of its job.
 */
import type { WorkflowJobEvent, WorkflowStepEvent, WorkflowTriggersEvent, WrittenMap } from "../../simulators/workflow/declared-events.js";
import { rememberedBy } from "./per-state.js";
import type { RepositoryState } from "./types.js";

export interface DeclaredWorkflow {
  readonly file: string;
  readonly triggers: WorkflowTriggersEvent["triggers"];
  readonly env: WrittenMap;
  readonly jobs: ReadonlyMap<string, WorkflowJobEvent>;
  /** Every step, in file order. */
  readonly steps: readonly WorkflowStepEvent[];
}

const cache = new WeakMap<RepositoryState["facts"], ReadonlyMap<string, DeclaredWorkflow>>();

/** The workflow files of `state` whose YAML could be read, by path. */
export function declaredWorkflows(state: RepositoryState): ReadonlyMap<string, DeclaredWorkflow> {
  const known = cache.get(state.facts);
  if (known) return known;
  const out = new Map<string, { file: string; triggers: WorkflowTriggersEvent["triggers"]; env: WrittenMap; jobs: Map<string, WorkflowJobEvent>; steps: WorkflowStepEvent[] }>();
  const firstTriggers = new Map<string, WorkflowTriggersEvent>();
  for (const { event } of state.facts.of<WorkflowTriggersEvent>("workflow-triggers")) {
    // A file simulated twice (as a workflow and in a pipeline) declares once: the first reading stands.
    if (!out.has(event.file)) {
      out.set(event.file, { file: event.file, triggers: event.triggers, env: event.env, jobs: new Map(), steps: [] });
      firstTriggers.set(event.file, event);
    }
  }
  for (const { event } of state.facts.of<WorkflowJobEvent>("workflow-job")) {
    const workflow = out.get(event.file);
    if (workflow && !workflow.jobs.has(event.job)) workflow.jobs.set(event.job, event);
  }
  const seen = new Set<string>();
  for (const { event } of state.facts.of<WorkflowStepEvent>("workflow-step")) {
    const key = `${event.file}\0${event.job}\0${event.index}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.get(event.file)?.steps.push(event);
  }
  const declared = new Map<string, DeclaredWorkflow>();
  for (const [file, workflow] of out) declared.set(file, stable(firstTriggers.get(file)!, workflow));
  cache.set(state.facts, declared);
  return declared;
}

/**
 * The declaration read from the same events is the same object: a step leaves most workflows' sections replayed
 * (the same events), so what the checks derive from a declaration (intent/workflow.ts's views, delivery.ts's
 * build steps) is worked out once per reading of a file, not once per state.
 */
const readings = new WeakMap<WorkflowTriggersEvent, DeclaredWorkflow>();

function stable(triggers: WorkflowTriggersEvent, workflow: DeclaredWorkflow): DeclaredWorkflow {
  const before = readings.get(triggers);
  if (before && sameEvents(before, workflow)) return before;
  readings.set(triggers, workflow);
  return workflow;
}

/** `derive`, remembered per declaration (see `stable`); the values are shared, and read only. */
export function perDeclaration<T>(derive: (workflow: DeclaredWorkflow) => T): (workflow: DeclaredWorkflow) => T {
  return rememberedBy((workflow: DeclaredWorkflow) => workflow, derive);
}

function sameEvents(a: DeclaredWorkflow, b: DeclaredWorkflow): boolean {
  if (a.env !== b.env || a.jobs.size !== b.jobs.size || a.steps.length !== b.steps.length) return false;
  const jobs = [...b.jobs];
  let i = 0;
  for (const [id, job] of a.jobs) {
    const [otherId, other] = jobs[i++]!;
    if (id !== otherId || job !== other) return false;
  }
  return a.steps.every((step, k) => step === b.steps[k]);
}

const EXPRESSION = /\$\{\{\s*(matrix|env)\.([A-Za-z_][A-Za-z0-9_-]*)\s*\}\}/g;

/**
 * A step input's text on each leg of its job: `${{ matrix.X }}` replaced by the leg's value and `${{ env.X }}`
 * by the step's, job's or workflow's literal env value; other expressions are kept as written.
 */
export function inputOnLegs(workflow: DeclaredWorkflow, step: WorkflowStepEvent, input: string): string[] {
  const text = step.with[input];
  if (text === undefined) return [];
  const job = workflow.jobs.get(step.job);
  const env: Record<string, string> = { ...workflow.env, ...(job?.env ?? {}), ...step.env };
  const legs = job && job.legs.length > 0 ? job.legs : [{}];
  return legs.map((leg) =>
    text.replace(EXPRESSION, (whole, scope: string, name: string) => {
      const value = scope === "matrix" ? leg[name] : env[name];
      return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : whole;
    }),
  );
}
