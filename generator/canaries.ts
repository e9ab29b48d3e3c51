/**
 * The canary agents of SPEC §5 judged on a generated scenario. A canary is at the floor when it fixes no
 * issue: with nothing fixed the score formula cannot rise above its base, and the grader fixes nothing in a
 * state that violates an intent check. So each state a canary's edits leave is first held against the intent
 * checks that read no simulation (files kept, no suppression added: files and the repository scan alone, as
 * the grader reads them); a state that violates one is at the floor without being simulated. Any other state
 * is judged as the grader would replay it (judgeCanary): its edits applied in order (a failed one changes
 * nothing and costs its penalty, as in an episode), the state assessed, scored with the steps taken. Doing
 * nothing leaves the starting state, whose assessment the gates hold already.
 */
import { isEditAction, type Action } from "../contracts/actions.js";
import type { Assessment } from "../contracts/assessment.js";
import { applyEditAction } from "../environment/apply-action.js";
import { assess } from "../graders/assess.js";
import { gradeEpisodeState } from "../graders/breakdown.js";
import { CANARIES } from "../graders/canaries.js";
import { filesKept } from "../graders/intent/files.js";
import { noSuppressions } from "../graders/intent/suppressions.js";
import type { IntentCheck, RepositoryState } from "../graders/intent/types.js";
import { FactLog } from "../simulators/engine/facts.js";
import { repositoryFrom, type Repository } from "../simulators/repository.js";
import type { RepositoryScanEvent } from "../simulators/scan/index.js";
import { countSuppressions } from "../simulators/scan/suppressions.js";
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

/** Intent checks that read the files and the repository scan's suppression counts only: cheap to hold a state against. */
const WITHOUT_SIMULATION: readonly IntentCheck[] = [filesKept, noSuppressions];

/** A state with the one fact those checks read: the repository scan's suppression counts. */
function scanned(repo: Repository): RepositoryState {
  const facts = new FactLog();
  const scan: RepositoryScanEvent = { type: "repository-scan", ...countSuppressions(repo), credentials: new Map(), requirements: new Map() };
  facts.add(".", scan);
  return { repo, facts };
}

/** Whether every state `actions` leave violates an intent check that needs no simulation. */
export function provenAtFloor(scenario: Scenario, actions: readonly Action[], initial: RepositoryState = scanned(repositoryFrom(scenario.files))): boolean {
  let repo = initial.repo;
  for (const action of actions) {
    if (!isEditAction(action)) continue;
    const out = applyEditAction(repo, action);
    if (!out.ok) continue;
    repo = out.repo;
    const current = scanned(repo);
    if (!WITHOUT_SIMULATION.some((check) => check.check({ initial, base: null, current }).length > 0)) return false;
  }
  return true;
}

/** One line per canary above the floor. */
export function canaryProblems(scenario: Scenario, start: Assessment): string[] {
  const initial = scanned(repositoryFrom(scenario.files));
  return Object.entries(CANARIES).flatMap(([name, canary]) => {
    const actions = canary(scenario);
    if (actions.some(isEditAction) && provenAtFloor(scenario, actions, initial)) return [];
    const breakdown = judgeCanary(scenario, actions, start);
    return breakdown.issues_fixed > 0 || breakdown.score > CANARY_CEILING ? [`the canary '${name}' scores ${breakdown.score} (${breakdown.issues_fixed} fixed)`] : [];
  });
}
