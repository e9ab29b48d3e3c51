/**
 * Which run rules a run that stopped early still evaluated in full. A run rule fires at particular steps (a
 * login rule at login steps, the artifact rule at download-artifact steps): when none of those steps was left
 * unreached (after a job's failing step, or in a job that never ran), the rule was judged everywhere it could
 * fire. A failure elsewhere then does not hide whether this rule's issue is fixed, and partial fixes count.
 * Rules without listed sites are evaluated only by a complete run.
 */
import { jobsOf } from "../model.js";
import { get, scalarText } from "../source.js";
import type { WorkflowSource } from "../source.js";
import type { JobTrace } from "./run-workflow.js";

const BUILD = /docker\/build-push-action|\bdocker\s+(?:buildx\s+)?build\b/;
const PUSH = /docker\/build-push-action|\bdocker\s+push\b|--push\b/;
const LOGIN = /docker\/login-action|\bdocker\s+login\b/;

/** Where each run rule can fire, by the text of a step's `uses` and `run`. */
const SITES: Record<string, RegExp> = {
  GHA102: LOGIN,
  GHA103: LOGIN,
  GHA104: PUSH,
  GHA105: PUSH,
  GHA106: /\bdocker\s+(?:push|tag)\b/,
  GHA109: BUILD,
  GHA110: /actions\/download-artifact/,
  GHA111: /\bnpm\s+(?:ci|install|i)\b/,
  GHA114: /docker\/|\bdocker\b/,
};

/** The texts of the steps a run never reached. */
export function unreachedSteps(source: WorkflowSource, traces: readonly JobTrace[]): string[] {
  const out: string[] = [];
  for (const job of jobsOf(source)) {
    const legs = traces.filter((t) => t.id === job.id || t.id.startsWith(`${job.id} (`));
    const text = (i: number): string => {
      const step = job.steps[i]!;
      return `${scalarText(get(step.map, "uses", source.doc))}\n${scalarText(get(step.map, "run", source.doc))}`;
    };
    if (legs.length === 0 || legs.some((l) => l.status === "not-run")) {
      job.steps.forEach((_, i) => out.push(text(i)));
      continue;
    }
    for (const leg of legs) {
      if (leg.status !== "failure") continue;
      const failed = leg.steps.find((s) => s.status === "failure");
      const at = failed ? job.steps.findIndex((s) => s.index === failed.index) : -1;
      for (let i = at + 1; i < job.steps.length; i++) out.push(text(i));
    }
  }
  return out;
}

/** Whether rule `code` was judged at every step where it could fire. */
export function ruleFullyReached(code: string, complete: boolean, unreached: readonly string[]): boolean {
  if (complete) return true;
  const site = SITES[code];
  return site !== undefined && !unreached.some((t) => site.test(t));
}
