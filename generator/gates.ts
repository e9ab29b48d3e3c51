/**
 * SPEC §5's gates, at generation time, for one generated scenario: it starts broken with every error accounted
 * for by its issues, each issue's check fires somewhere along the reference repair (a fault masked by an
 * earlier one shows once that one is fixed), the composed repair solves it with score ≥ 0.9 and no violation,
 * and the canary agents stay at the floor. A scenario that fails any gate is never served: the generator draws
 * again.
 */
import type { Action } from "../contracts/actions.js";
import { applyEditAction } from "../environment/apply-action.js";
import { assess } from "../graders/assess.js";
import { CANARIES } from "../graders/canaries.js";
import { gradeTrajectory } from "../graders/grade.js";
import { repositoryFrom } from "../simulators/repository.js";
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

function applyAll(scenario: Scenario, actions: readonly Action[]) {
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
  const start = assess(scenario, repositoryFrom(scenario.files));
  if (start.fixed.some(Boolean)) problems.push(`starts with an issue already fixed: ${scenario.issues.filter((_, i) => start.fixed[i]).map((i) => i.id).join(", ")}`);
  if (start.foreign.length > 0) problems.push(`starts with errors no issue accounts for: ${start.foreign.map((d) => `${d.file} ${d.code}`).join(", ")}`);
  if (start.errorMessage === null) problems.push("starts with no error to read");
  const walk = applyAll(scenario, scenario.solution);
  if (walk.error !== null) problems.push(`the reference repair does not apply: ${walk.error}`);
  const firing = new Set<string>();
  for (const state of walk.states) {
    const now = state === walk.states[0] ? start : assess(scenario, state);
    if (state !== walk.states[0] && now.foreign.length > 0) problems.push(`a step of the repair shows an error no issue accounts for: ${now.foreign.map((d) => `${d.file} ${d.code}`).join(", ")}`);
    for (const d of now.diagnostics) firing.add(checkKey(d.code, d.file));
  }
  for (const issue of scenario.issues) {
    if (!issue.detection.some((d) => firing.has(checkKey(d.code, d.file)))) problems.push(`${issue.id} never shows along the repair`);
  }
  const catalog = catalogOf(scenario);
  const solved = gradeTrajectory(catalog, scenario, scenario.solution).breakdown;
  if (!solved.solved || solved.score < 0.9) problems.push(`the reference repair scores ${solved.score} (solved: ${solved.solved}; ${solved.violations.map((v) => v.message).join("; ")})`);
  if (options.canaries !== false) {
    for (const [name, canary] of Object.entries(CANARIES)) {
      const { breakdown } = gradeTrajectory(catalog, scenario, canary(scenario));
      if (breakdown.issues_fixed > 0 || breakdown.score > 0.05) problems.push(`the canary '${name}' scores ${breakdown.score}`);
    }
  }
  return { ok: problems.length === 0, problems, score: solved.score };
}
