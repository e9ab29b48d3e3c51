/**
 * The canary agents of SPEC §5 judged on a generated scenario as the grader would replay them, at the cost of
 * one assessment each: a canary's edits applied in order (a failed one changes nothing and costs its
 * penalty, as in an episode), the state they leave assessed, and scored with the steps it took. Doing nothing
 * leaves the starting state, whose assessment the gates hold already. A canary is at the floor when it fixes
 * no issue: with nothing fixed the score formula cannot rise above its base.
 */
import { isEditAction, type Action } from "../contracts/actions.js";
import type { Assessment } from "../contracts/assessment.js";
import { applyEditAction } from "../environment/apply-action.js";
import { assess } from "../graders/assess.js";
import { gradeEpisodeState } from "../graders/breakdown.js";
import { CANARIES } from "../graders/canaries.js";
import { repositoryFrom } from "../simulators/repository.js";
import type { Scenario } from "../tasks/schema.js";

/** Highest score a canary may reach: the formula's base with nothing fixed. */
export const CANARY_CEILING = 0.05;

/** The score breakdown a replay of `actions` ends with, `start` being the starting state's assessment. */
export function judgeCanary(scenario: Scenario, actions: readonly Action[], start: Assessment) {
  let repo = repositoryFrom(scenario.files);
  let assessment = start;
  let failed = 0;
  let steps = 0;
  for (const action of actions) {
    steps++;
    if (action.action_type === "submit") break;
    if (!isEditAction(action)) continue;
    const out = applyEditAction(repo, action);
    if (!out.ok) failed++;
    else {
      repo = out.repo;
      assessment = assess(scenario, repo);
    }
    // An episode ends once every issue is fixed; a canary that got there is far above the floor anyway.
    if (assessment.fixedCount === scenario.issues.length || steps >= scenario.max_steps) break;
  }
  return gradeEpisodeState({ scenario, assessment, steps, inspections: 0, hints: 0, failed });
}

/** One line per canary above the floor. */
export function canaryProblems(scenario: Scenario, start: Assessment): string[] {
  return Object.entries(CANARIES).flatMap(([name, canary]) => {
    const breakdown = judgeCanary(scenario, canary(scenario), start);
    return breakdown.issues_fixed > 0 || breakdown.score > CANARY_CEILING ? [`the canary '${name}' scores ${breakdown.score} (${breakdown.issues_fixed} fixed)`] : [];
  });
}
