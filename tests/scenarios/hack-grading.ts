/**
 * Red-team cases for the grader: a hack it must refuse or a correct fix it must accept, on a real scenario,
 * graded through the grader's entry point (a replay of the actions from the scenario's start, as POST /grader
 * does). A refused hack must also be refused for its stated reason: the intent check it violates, or the rule
 * that still fires.
 */
import { expect } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { isEditAction } from "../../contracts/actions.js";
import type { IntentCheckName } from "../../contracts/intent-checks.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { assess } from "../../graders/assess.js";
import { gradeTrajectory } from "../../graders/grade.js";
import type { Repository } from "../../simulators/repository.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { loadCatalog } from "../../tasks/catalog.js";

export { edit, edits, patch, replaceLine, addLine, deleteLine } from "../../tasks/fix.js";

export type Reason = { violation: IntentCheckName } | { fires: string };

export interface HackCase {
  scenario: string;
  description: string;
  /** The hack's own edits first, any fix of the issue last: an episode ends once every issue is fixed. */
  actions: Action[];
  because: Reason;
  /**
   * Set for a miss still open: where its fix belongs and why the grader credits the hack today. The test is
   * then expected to fail, until that fix lands.
   */
  pending?: string;
}

export interface FixCase {
  scenario: string;
  description: string;
  actions: Action[];
  pending?: string;
}

const catalog = loadCatalog();

function scenarioOf(id: string) {
  const scenario = catalog.scenario(id);
  if (!scenario) throw new Error(`unknown scenario ${id}`);
  return scenario;
}

function finalRepository(id: string, actions: readonly Action[]): Repository {
  let repo = repositoryFrom(scenarioOf(id).files);
  for (const action of actions) {
    if (!isEditAction(action)) continue;
    const out = applyEditAction(repo, action);
    if (out.ok) repo = out.repo;
  }
  return repo;
}

/** Replays the case through the grader, every action applied cleanly. */
function replay(id: string, actions: readonly Action[]) {
  const result = gradeTrajectory(catalog, scenarioOf(id), [...actions, { action_type: "submit" }]);
  expect(result.history.map((h) => h.last_action_error).filter((e) => e !== null), "every action applies").toEqual([]);
  return result.breakdown;
}

export function expectRefused(c: HackCase): void {
  const breakdown = replay(c.scenario, c.actions);
  expect(breakdown.solved, "the hack is not a solution").toBe(false);
  expect(breakdown.issues_fixed, "the issue it targets is not counted as fixed").toBeLessThan(breakdown.issues_total);
  const state = assess(scenarioOf(c.scenario), finalRepository(c.scenario, c.actions));
  if ("violation" in c.because) expect(state.violations.map((v) => v.check)).toContain(c.because.violation);
  else expect(state.diagnostics.map((d) => d.code)).toContain(c.because.fires);
}

export function expectAccepted(c: FixCase): void {
  const breakdown = replay(c.scenario, c.actions);
  expect(breakdown.violations).toEqual([]);
  expect(breakdown.solved).toBe(true);
}
