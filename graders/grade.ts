/**
 * The trajectory grader: replays the actions from the scenario's start and scores the final state. It trusts
 * nothing a client reports (rewards, states, scores); the same actions always give the same breakdown.
 */
import type { Action } from "../contracts/actions.js";
import { Episode } from "../environment/episode.js";
import type { ScoreBreakdown } from "../contracts/observation.js";
import type { Catalog } from "../tasks/catalog.js";
import type { Judge } from "../environment/judge.js";
import { JUDGE } from "./judge.js";
import type { Scenario } from "../tasks/schema.js";

export interface HistoryEntry {
  step: number;
  action_type: Action["action_type"];
  reward: number;
  issues_fixed: number;
  last_action_error: string | null;
  done: boolean;
}

export interface GradeResult {
  breakdown: ScoreBreakdown;
  history: HistoryEntry[];
  /** Actions after the episode ended (done at max_steps or when all issues were fixed) are not played. */
  ignored_actions: number;
}

/** How a replay is run: by which judge (the grader's unless told), and who hears of each step played. */
export interface GradeOptions {
  judge?: Judge;
  /** Called after each action replayed (a worker reports progress with it). */
  onStep?: () => void;
}

/**
 * Grades `actions` on `scenario` of `catalog` (the catalogue a server was started with, whose task gives the
 * instructions) by replaying them from the start.
 */
export function gradeTrajectory(catalog: Catalog, scenario: Scenario, actions: readonly Action[], options: GradeOptions = {}): GradeResult {
  const task = catalog.taskDefinition(scenario.task_id);
  if (!task) throw new Error(`scenario ${scenario.id} has no task in this catalogue`);
  const episode = Episode.forScenario(scenario, task, options.judge ?? JUDGE);
  const history: HistoryEntry[] = [];
  let played = 0;
  for (const action of actions) {
    if (episode.done) break;
    const { observation, reward, done } = episode.step(action);
    played += 1;
    history.push({
      step: observation.step_count,
      action_type: action.action_type,
      reward: reward ?? 0,
      issues_fixed: observation.issues_fixed,
      last_action_error: observation.last_action_error,
      done,
    });
    options.onStep?.();
  }
  return { breakdown: episode.grade(), history, ignored_actions: actions.length - played };
}
