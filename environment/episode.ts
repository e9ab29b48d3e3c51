/**
 * The episode engine: a scenario's repository, the agent's actions applied one at a time, the observation and
 * reward after each. Pure and synchronous apart from drawing a seed when a reset gives none.
 */
import type { Assessment } from "../contracts/assessment.js";
import { round4 } from "../contracts/rounding.js";
import { gitMode, repositoryFrom } from "../simulators/repository.js";
import type { Repository } from "../simulators/repository.js";
import type { Catalog } from "../tasks/catalog.js";
import type { Scenario, Task } from "../tasks/schema.js";
import type { Action } from "../contracts/actions.js";
import { applyEditAction } from "./apply-action.js";
import type { EpisodeRecord } from "./episode-record.js";
import type { EpisodeState, Observation, ResetRequest, ScoreBreakdown, StepResult } from "../contracts/observation.js";
import type { Judge } from "./judge.js";
import { resolveReset } from "./select.js";

export { ResetError } from "./select.js";

export class EpisodeDoneError extends Error {
  constructor(episodeId: string) {
    super(`episode '${episodeId}' is done; POST /reset to start a new one`);
    this.name = "EpisodeDoneError";
  }
}

/**
 * Every reset of a scenario starts from the same files, so their assessment is computed once per scenario
 * (assessments are never mutated: a step replaces the episode's with a new one).
 */
const initialAssessments = new WeakMap<Judge, WeakMap<Scenario, Assessment>>();

function initialAssessment(judge: Judge, scenario: Scenario, initial: Repository): Assessment {
  let byScenario = initialAssessments.get(judge);
  if (!byScenario) initialAssessments.set(judge, (byScenario = new WeakMap()));
  let found = byScenario.get(scenario);
  if (!found) {
    found = judge.assess(scenario, initial);
    byScenario.set(scenario, found);
  }
  return found;
}

export const REWARD = { fixed: 0.3, unfixed: -0.3, failedAction: -0.02, hint: -0.04 } as const;

export class Episode {
  private repo: Repository;
  private readonly initial: Repository;
  private assessment: Assessment;
  private steps = 0;
  private hints = 0;
  private failed = 0;
  private totalReward = 0;
  private hint: string | null = null;
  private lastActionError: string | null = null;
  private finished = false;
  private breakdown: ScoreBreakdown | null = null;
  private readonly actions: Action[] = [];

  private constructor(
    readonly scenario: Scenario,
    private readonly task: Task,
    private readonly judge: Judge,
    readonly episodeId: string,
    readonly seed: number | null,
  ) {
    this.initial = repositoryFrom(scenario.files);
    this.repo = this.initial;
    this.assessment = initialAssessment(judge, scenario, this.initial);
  }

  /** Starts an episode judged by `judge`. Throws ResetError for an unknown task or scenario. */
  static start(catalog: Catalog, request: ResetRequest, episodeId: string, judge: Judge): Episode {
    const { scenario, seed } = resolveReset(catalog, request);
    const task = catalog.taskDefinition(scenario.task_id);
    if (!task) throw new Error(`scenario ${scenario.id} has no task`);
    return new Episode(scenario, task, judge, episodeId, seed);
  }

  /** Starts an episode on a given scenario, for the grader's replay. */
  static forScenario(scenario: Scenario, task: Task, judge: Judge, episodeId = "replay"): Episode {
    return new Episode(scenario, task, judge, episodeId, null);
  }

  get done(): boolean {
    return this.finished;
  }

  step(action: Action): StepResult {
    if (this.finished) throw new EpisodeDoneError(this.episodeId);
    this.steps += 1;
    // Clients may attach metadata; the engine ignores it, so the replayable record does not keep it.
    const { metadata: _ignored, ...recorded } = action;
    this.actions.push(recorded as Action);
    this.lastActionError = null;
    let reward = 0;
    switch (action.action_type) {
      case "request_hint": {
        this.hints += 1;
        reward += REWARD.hint;
        const open = this.scenario.issues.find((_, i) => !this.assessment.fixed[i]);
        this.hint = open ? open.hint : "Every issue is fixed already: submit.";
        break;
      }
      case "submit":
        this.finished = true;
        break;
      default: {
        const outcome = applyEditAction(this.repo, action);
        if (!outcome.ok) {
          this.failed += 1;
          reward += REWARD.failedAction;
          this.lastActionError = outcome.error;
          break;
        }
        const before = this.assessment;
        this.repo = outcome.repo;
        this.assessment = this.judge.assess(this.scenario, this.repo);
        this.assessment.fixed.forEach((now, i) => {
          if (now && !before.fixed[i]) reward += REWARD.fixed;
          if (!now && before.fixed[i]) reward += REWARD.unfixed;
        });
      }
    }
    if (this.assessment.fixedCount === this.scenario.issues.length || this.steps >= this.scenario.max_steps) this.finished = true;
    if (this.finished) this.breakdown = this.grade();
    reward = round4(reward);
    this.totalReward = round4(this.totalReward + reward);
    return { observation: this.observation(), reward, done: this.finished };
  }

  /** The current observation; reward 0 as OpenEnv answers a reset. */
  observe(): StepResult {
    return { observation: this.observation(), reward: 0, done: this.finished };
  }

  /** The score breakdown of the current files, as if the episode ended now. */
  grade(): ScoreBreakdown {
    return this.judge.score({
      scenario: this.scenario,
      assessment: this.assessment,
      steps: this.steps,
      hints: this.hints,
      failed: this.failed,
    });
  }

  files(): Repository {
    return this.repo;
  }

  /** The current observation with OpenEnv's state fields and the episode's history (see EpisodeStateSchema). */
  state(): EpisodeState {
    return {
      ...this.observation(),
      seed: this.seed,
      done: this.finished,
      failed_actions: this.failed,
      total_reward: this.totalReward,
      actions: [...this.actions],
    };
  }

  /** What it takes to rebuild this episode by replay (episode-record.ts). */
  record(): EpisodeRecord {
    return {
      episode_id: this.episodeId,
      scenario_id: this.scenario.id,
      seed: this.seed,
      actions: [...this.actions],
      hints_used: this.hints,
      done: this.finished,
    };
  }

  private observation(): Observation {
    const files: Record<string, string> = {};
    const modes: Record<string, "100644" | "100755"> = {};
    for (const path of [...this.repo.keys()].sort()) {
      const file = this.repo.get(path)!;
      files[path] = file.content;
      modes[path] = gitMode(file.mode) as "100644" | "100755";
    }
    return {
      episode_id: this.episodeId,
      task_id: this.scenario.task_id,
      scenario_id: this.scenario.id,
      difficulty: this.scenario.difficulty,
      instructions: this.task.instructions,
      files,
      file_modes: modes,
      error_message: this.assessment.errorMessage,
      available_secrets: [...this.scenario.world.secrets].sort(),
      issues_total: this.scenario.issues.length,
      issues_fixed: this.assessment.fixedCount,
      step_count: this.steps,
      max_steps: this.scenario.max_steps,
      hints_used: this.hints,
      hint: this.hint,
      last_action_error: this.lastActionError,
      score: this.breakdown?.score ?? null,
      score_breakdown: this.breakdown,
    };
  }
}
