/**
 * The episode engine: a scenario's repository, the agent's actions applied one at a time, the observation and
 * reward after each. Pure and synchronous apart from drawing a seed when a reset gives none.
 */
import type { Assessment } from "../contracts/assessment.js";
import { cut } from "../contracts/quote.js";
import { round4 } from "../contracts/rounding.js";
import { gitMode, repositoryFrom } from "../simulators/repository.js";
import type { Repository } from "../simulators/repository.js";
import type { Catalog } from "../tasks/catalog.js";
import type { Scenario, Task } from "../tasks/schema.js";
import type { Action } from "../contracts/actions.js";
import { applyEditAction } from "./apply-action.js";
import { inspectRepository } from "../simulators/inspect/index.js";
import { isHostStatePath } from "../simulators/host/state.js";
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

/**
 * Every reset of a scenario starts from the same repository object (repositories are immutable): what is
 * kept by file object (parses, digests, host states) is then worked out once per scenario, not per episode.
 */
const startingRepositories = new WeakMap<Scenario, Repository>();

function startingRepository(scenario: Scenario): Repository {
  let repo = startingRepositories.get(scenario);
  if (!repo) startingRepositories.set(scenario, (repo = repositoryFrom(scenario.files)));
  return repo;
}

/**
 * The paths an observation shows, sorted, by repository (repositories are immutable): every step of every
 * episode at a state shows the same list.
 */
const shownPaths = new WeakMap<Repository, string[]>();

function pathsShown(repo: Repository): string[] {
  let paths = shownPaths.get(repo);
  if (!paths) {
    // A simulated host's reserved state is the simulation's memory, not one of its files.
    paths = [...repo.keys()].filter((path) => !isHostStatePath(path)).sort();
    shownPaths.set(repo, paths);
  }
  return paths;
}

export const REWARD = { fixed: 0.3, unfixed: -0.3, failedAction: -0.02, hint: -0.04 } as const;

/**
 * Everything a step changes, as one value: a step computes the next one in full (the edit, the new files'
 * assessment, the score when it ends the episode) and only then commits it, so a step that throws half way
 * leaves the episode exactly as it was.
 */
interface Progress {
  readonly repo: Repository;
  readonly assessment: Assessment;
  readonly steps: number;
  /** Inspect actions among the steps. */
  readonly inspections: number;
  readonly hints: number;
  readonly failed: number;
  readonly totalReward: number;
  readonly hint: string | null;
  readonly lastActionError: string | null;
  /** What the last action's inspection printed; null after any other action. */
  readonly inspectOutput: string | null;
  readonly finished: boolean;
  readonly breakdown: ScoreBreakdown | null;
}

/**
 * What an action that could not be checked answers. Simulators are deterministic, so the same action fails
 * the same way on replay; it is not recorded or counted, so the episode's record and replay stay the same.
 */
function internalErrorMessage(error: unknown): string {
  const what = error instanceof Error ? `${error.name}: ${cut(error.message, 120)}` : "a non-error value was thrown";
  return (
    `internal error while checking this action (${what}); it was not applied or counted and the episode is exactly as ` +
    "it was: try another edit, and please report this action"
  );
}

export class Episode {
  private progress: Progress;
  private readonly actions: Action[] = [];
  /** The files the episode started from, which `git diff` compares with. */
  private readonly initialRepo: Repository;

  private constructor(
    readonly scenario: Scenario,
    private readonly task: Task,
    private readonly judge: Judge,
    readonly episodeId: string,
    readonly seed: number | null,
  ) {
    const initial = startingRepository(scenario);
    this.initialRepo = initial;
    this.progress = {
      repo: initial,
      assessment: initialAssessment(judge, scenario, initial),
      steps: 0,
      inspections: 0,
      hints: 0,
      failed: 0,
      totalReward: 0,
      hint: null,
      lastActionError: null,
      inspectOutput: null,
      finished: false,
      breakdown: null,
    };
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
    return this.progress.finished;
  }

  /**
   * Applies one action. A failed edit is a step like any other (counted, recorded, penalised, its reason in
   * last_action_error); an action the judge cannot check (a simulator bug) changes nothing at all and says so.
   * @throws EpisodeDoneError once the episode is done.
   */
  step(action: Action): StepResult {
    if (this.progress.finished) throw new EpisodeDoneError(this.episodeId);
    let next: { progress: Progress; reward: number };
    try {
      next = this.advance(action);
    } catch (error) {
      return { observation: { ...this.observation(), last_action_error: internalErrorMessage(error) }, reward: 0, done: this.progress.finished };
    }
    // Clients may attach metadata; the engine ignores it, so the replayable record does not keep it.
    const { metadata: _ignored, ...recorded } = action;
    this.actions.push(recorded as Action);
    this.progress = next.progress;
    return { observation: this.observation(), reward: next.reward, done: next.progress.finished };
  }

  /** The progress `action` leads to and its reward; reads the episode, changes nothing. */
  private advance(action: Action): { progress: Progress; reward: number } {
    const was = this.progress;
    let reward = 0;
    let { repo, assessment, inspections, hints, failed, hint, finished } = was;
    let lastActionError: string | null = null;
    let inspectOutput: string | null = null;
    switch (action.action_type) {
      case "inspect":
        // Read-only: the files, the assessment and the reward stay as they were. A refused command is an
        // answer (what the supported commands are), not a failed action.
        inspections += 1;
        inspectOutput = inspectRepository(action.command, { repo, world: this.scenario.world, start: this.initialRepo });
        break;
      case "request_hint": {
        hints += 1;
        reward += REWARD.hint;
        const open = this.scenario.issues.find((_, i) => !assessment.fixed[i]);
        hint = open ? open.hint : "Every issue is fixed already: submit.";
        break;
      }
      case "submit":
        finished = true;
        break;
      default: {
        const outcome = applyEditAction(repo, action);
        if (!outcome.ok) {
          failed += 1;
          reward += REWARD.failedAction;
          lastActionError = outcome.error;
          break;
        }
        repo = outcome.repo;
        if (outcome.output !== undefined) inspectOutput = outcome.output;
        assessment = this.judge.assess(this.scenario, repo);
        assessment.fixed.forEach((now, i) => {
          if (now && !was.assessment.fixed[i]) reward += REWARD.fixed;
          if (!now && was.assessment.fixed[i]) reward += REWARD.unfixed;
        });
      }
    }
    const steps = was.steps + 1;
    if (assessment.fixedCount === this.scenario.issues.length || steps >= this.scenario.max_steps) finished = true;
    const breakdown = finished ? this.judge.score({ scenario: this.scenario, assessment, steps, inspections, hints, failed }) : null;
    reward = round4(reward);
    const totalReward = round4(was.totalReward + reward);
    return {
      progress: { repo, assessment, steps, inspections, hints, failed, totalReward, hint, lastActionError, inspectOutput, finished, breakdown },
      reward,
    };
  }

  /** The current observation; reward 0 as OpenEnv answers a reset. */
  observe(): StepResult {
    return { observation: this.observation(), reward: 0, done: this.progress.finished };
  }

  /** The score breakdown of the current files, as if the episode ended now. */
  grade(): ScoreBreakdown {
    const { assessment, steps, inspections, hints, failed } = this.progress;
    return this.judge.score({ scenario: this.scenario, assessment, steps, inspections, hints, failed });
  }

  files(): Repository {
    return this.progress.repo;
  }

  /** The current observation with OpenEnv's state fields and the episode's history (see EpisodeStateSchema). */
  state(): EpisodeState {
    return {
      ...this.observation(),
      seed: this.seed,
      done: this.progress.finished,
      failed_actions: this.progress.failed,
      total_reward: this.progress.totalReward,
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
      hints_used: this.progress.hints,
      done: this.progress.finished,
    };
  }

  private observation(): Observation {
    const { repo, assessment, steps, hints, hint, lastActionError, inspectOutput, breakdown } = this.progress;
    // Null-prototype records: a file named __proto__ (or toString) is a key like any other, and survives
    // JSON.stringify, and no lookup by path ever finds an inherited property.
    const files: Record<string, string> = Object.create(null);
    const modes: Record<string, "100644" | "100755"> = Object.create(null);
    for (const path of pathsShown(repo)) {
      const file = repo.get(path)!;
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
      error_message: assessment.errorMessage,
      available_secrets: [...this.scenario.world.secrets].sort(),
      issues_total: this.scenario.issues.length,
      issues_fixed: assessment.fixedCount,
      step_count: steps,
      max_steps: this.scenario.max_steps,
      hints_used: hints,
      hint,
      last_action_error: lastActionError,
      inspect_output: inspectOutput,
      score: breakdown?.score ?? null,
      score_breakdown: breakdown,
    };
  }
}
