/**
 * SPEC §5's gates, at generation time, for one generated scenario: it starts broken with every error accounted
 * for by its issues, each issue's check fires somewhere along the reference repair (a fault masked by an
 * earlier one shows once that one is fixed), and the composed repair solves it with score ≥ 0.9 and no
 * violation. A scenario that fails a gate is never served: the generator draws again. The walk assesses each
 * state of the repair once and scores the last with the grader's own formula, so a gate costs one simulation
 * per repair step. The canary agents (do nothing, delete or empty every file, suppress, switch off) stay at the
 * floor by the grader's construction; `canaries: true` plays them too, as the generator's tests do.
 */
import type { Action } from "../contracts/actions.js";
import type { Assessment } from "../contracts/assessment.js";
import { applyEditAction } from "../environment/apply-action.js";
import { assess } from "../graders/assess.js";
import { gradeEpisodeState } from "../graders/breakdown.js";
import { CANARIES } from "../graders/canaries.js";
import { gradeTrajectory } from "../graders/grade.js";
import { repositoryFrom } from "../simulators/repository.js";
import type { Repository } from "../simulators/repository.js";
import { checkKey } from "../simulators/simulation.js";
import type { Scenario } from "../tasks/schema.js";
import { catalogOf } from "./catalog.js";

export interface GateReport {
  ok: boolean;
  /** What failed, one line each (empty when ok). */
  problems: string[];
  /** The reference repair's score. */
  score: number;
}

function walk(scenario: Scenario, actions: readonly Action[]): { states: Repository[]; error: string | null } {
  let repo = repositoryFrom(scenario.files);
  const states = [repo];
  for (const action of actions) {
    if (action.action_type === "request_hint" || action.action_type === "submit") continue;
    const out = applyEditAction(repo, action);
    if (!out.ok) return { states, error: out.error };
    repo = out.repo;
    states.push(repo);
  }
  return { states, error: null };
}

export function checkGates(scenario: Scenario, options: { canaries?: boolean } = {}): GateReport {
  const problems: string[] = [];
  const path = walk(scenario, scenario.solution);
  if (path.error !== null) problems.push(`the reference repair does not apply: ${path.error}`);
  const assessments: Assessment[] = path.states.map((state) => assess(scenario, state));
  const start = assessments[0]!;
  if (start.fixed.some(Boolean)) problems.push(`starts with an issue already fixed: ${scenario.issues.filter((_, i) => start.fixed[i]).map((i) => i.id).join(", ")}`);
  if (start.errorMessage === null) problems.push("starts with no error to read");
  const firing = new Set<string>();
  assessments.forEach((now, n) => {
    if (now.foreign.length > 0) problems.push(`${n === 0 ? "starts with" : `step ${n} of the repair shows`} errors no issue accounts for: ${now.foreign.map((d) => `${d.file} ${d.code}`).join(", ")}`);
    for (const d of now.diagnostics) firing.add(checkKey(d.code, d.file));
  });
  for (const issue of scenario.issues) {
    if (!issue.detection.some((d) => firing.has(checkKey(d.code, d.file)))) problems.push(`${issue.id} never shows along the repair`);
  }
  const end = assessments[assessments.length - 1]!;
  const breakdown = gradeEpisodeState({ scenario, assessment: end, steps: scenario.solution.length, hints: 0, failed: 0 });
  if (!breakdown.solved || breakdown.score < 0.9) problems.push(`the reference repair scores ${breakdown.score} (solved: ${breakdown.solved}; ${breakdown.violations.map((v) => v.message).join("; ")})`);
  if (options.canaries === true) {
    const catalog = catalogOf(scenario);
    for (const [name, canary] of Object.entries(CANARIES)) {
      const canaryBreakdown = gradeTrajectory(catalog, scenario, canary(scenario)).breakdown;
      if (canaryBreakdown.issues_fixed > 0 || canaryBreakdown.score > 0.05) problems.push(`the canary '${name}' scores ${canaryBreakdown.score}`);
    }
  }
  return { ok: problems.length === 0, problems, score: breakdown.score };
}
