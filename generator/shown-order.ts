/**
 * A generated scenario's issues in the order a run shows them. The faults are drawn in any order, but an agent
 * meets them as the pipeline (or the host's alerts) shows them: a masked fault shows only once the fault in
 * front of it is repaired. `request_hint` gives the hint of the first unfixed issue (SPEC §4), so issues listed
 * in draw order would hint at a fault the log does not show yet (at the start of about half the medium and
 * harder scenarios: a liveness probe's port while the log says the workflow has no trigger). The gates' walk
 * repairs the faults in the order they show (gates.ts walkAsShown); the scenario served lists its issues in
 * that order, numbered in it, and its description follows them.
 *
 * The walk assessed every state of the reference repair, under the scenario it walked. An assessment does not
 * depend on the issues' order beyond its `fixed` list, nor on the reference solution, so each is kept for the
 * scenario served (a copy with the solution the walk decided, or with the issues in the new order) with that
 * list in the served order: its reset and the reference repair's states are not simulated again.
 */
import type { Assessment } from "../contracts/assessment.js";
import { keepAssessment } from "../graders/kept-assessments.js";
import type { Scenario } from "../tasks/schema.js";
import type { ShownWalk } from "./gates.js";

/**
 * `scenario` with its issues (and `injections`, one per issue) in `walk.order`: ids renumbered in that order,
 * the description joined in it; `scenario` itself when the order is the drawn one. The walk's assessments are
 * kept for what it returns.
 */
export function inShownOrder<I extends { kind: string }>(scenario: Scenario, walk: ShownWalk, injections: readonly I[]): { scenario: Scenario; injections: readonly I[] } {
  const { order } = walk;
  const drawn = order.every((i, n) => i === n);
  const issues = drawn ? scenario.issues : order.map((i, n) => ({ ...scenario.issues[i]!, id: `${injections[i]!.kind}-${n + 1}` }));
  const served: Scenario = drawn ? scenario : { ...scenario, issues, description: issues.map((issue) => issue.description).join(" ") };
  walk.states.forEach((state, s) => keepAssessment(served, walk.repos[s]!, drawn ? state : reordered(state, order)));
  return { scenario: served, injections: drawn ? injections : order.map((i) => injections[i]!) };
}

function reordered(assessment: Assessment, order: readonly number[]): Assessment {
  return { ...assessment, fixed: order.map((i) => assessment.fixed[i]!) };
}
