/**
 * Where a job's step sits in its workflow file, and how matrix legs map to their job: the pipeline reports
 * cross-file failures at the step a user reads in the run log, and stops what comes after it.
 */
import { jobsOf } from "../workflow/model.js";
import { asMap, get, nodePosition, scalarText } from "../workflow/source.js";
import type { Position, WorkflowSource } from "../workflow/source.js";

/** The job id of a matrix leg (`test (18)` → `test`). */
export function jobOfLeg(leg: string): string {
  const at = leg.indexOf(" (");
  return at < 0 ? leg : leg.slice(0, at);
}

/** The position of a step's `with:` input (or `run:`/`uses:` line) in the workflow file. */
export function stepPosition(source: WorkflowSource, leg: string, stepIndex: number, input?: string): Position {
  const job = jobsOf(source).find((j) => j.id === jobOfLeg(leg));
  const step = job?.steps.find((s) => s.index === stepIndex);
  if (!step) return { line: 1, column: 1 };
  const withInput = input ? get(asMap(get(step.map, "with", source.doc)), input, source.doc) : undefined;
  const node = withInput ?? get(step.map, "run", source.doc) ?? get(step.map, "uses", source.doc) ?? step.map;
  return nodePosition(source.lines, node);
}

/**
 * How the run log shows a build step that BuildKit failed: the step's header before BuildKit's output, and
 * what the runner prints after it (build-push-action keeps the last line; a run step reports its exit code).
 */
export function stepFrame(source: WorkflowSource, leg: string, stepIndex: number): { header: string[]; footer: (lastLine: string) => string } {
  const job = jobsOf(source).find((j) => j.id === jobOfLeg(leg));
  const step = job?.steps.find((s) => s.index === stepIndex);
  const uses = step ? scalarText(get(step.map, "uses", source.doc)) : "";
  const run = step ? scalarText(get(step.map, "run", source.doc)) : "";
  const name = step ? scalarText(get(step.map, "name", source.doc)) : "";
  const header = [`${source.file}: job ${leg}, step ${stepIndex + 1}${name ? ` (${name})` : ""}`, uses ? `Run ${uses}` : `Run ${run.split("\n")[0] ?? ""}`];
  return {
    header,
    footer: (last) => (uses ? `Error: buildx failed with: ${last}` : "Error: Process completed with exit code 1."),
  };
}

/** Jobs that need `job`, directly or through others. */
export function dependentsOf(source: WorkflowSource, job: string): Set<string> {
  const jobs = jobsOf(source);
  const out = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const j of jobs) {
      if (out.has(j.id)) continue;
      if (j.needs.some((n) => n.name === job || out.has(n.name))) {
        out.add(j.id);
        grew = true;
      }
    }
  }
  return out;
}
