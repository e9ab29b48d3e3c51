/**
 * What each workflow file of a state declares, gathered from the workflow simulator's declaration facts (its
 * triggers, jobs with their matrix legs, steps with the commands their scripts run, each read with the
 * simulator's own YAML and shell parsers), and the values a step's inputs take on each leg of its job.
 */
import type { WorkflowJobEvent, WorkflowStepEvent, WorkflowTriggersEvent, WrittenMap } from "../../simulators/workflow/declared-events.js";
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
  for (const { event } of state.facts.of<WorkflowTriggersEvent>("workflow-triggers")) {
    // A file simulated twice (as a workflow and in a pipeline) declares once: the first reading stands.
    if (!out.has(event.file)) out.set(event.file, { file: event.file, triggers: event.triggers, env: event.env, jobs: new Map(), steps: [] });
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
  cache.set(state.facts, out);
  return out;
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
