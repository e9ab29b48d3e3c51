/**
 * The one loop every runner uses: reset, ask the agent, step, until the episode is done. A turn on which the
 * agent gives no action (a model's prose) is recorded as a failed turn and the episode goes on; turns are
 * capped at the scenario's max_steps, and an episode the agent never ends is submitted so it is graded.
 */
import type { Action } from "../contracts/actions.js";
import type { Difficulty, Observation, ScoreBreakdown } from "../contracts/observation.js";
import type { Agent } from "./agent.js";
import type { EpisodeClient, EpisodeRequest } from "./clients/episode-client.js";

/** One turn as the runner saw it. */
export interface TurnRecord {
  /** 1-based turn number within the episode. */
  step: number;
  /** The action played, or null when the agent gave none. */
  action: Action | null;
  reward: number;
  done: boolean;
  /** Why the turn failed: the engine's last_action_error, or why the agent gave no action; null on success. */
  error: string | null;
  issues_fixed: number;
}

/** What one episode came to. */
export interface EpisodeResult {
  episode_id: string;
  task_id: string;
  scenario_id: string;
  difficulty: Difficulty;
  score: number;
  solved: boolean;
  /** Steps the episode counted (turns without an action are not among them). */
  steps: number;
  issues_fixed: number;
  issues_total: number;
  hints_used: number;
  failed_actions: number;
  /** Turns on which the agent gave no action. */
  invalid_turns: number;
  rewards: number[];
  breakdown: ScoreBreakdown | null;
  /** Set when the agent itself failed (an API that stayed down) and the episode was submitted early. */
  error: string | null;
}

/** Callbacks for live logging. */
export interface PlayHooks {
  onStart?(observation: Observation): void;
  onTurn?(observation: Observation, turn: TurnRecord): void;
  onEnd?(result: EpisodeResult): void;
}

const SUBMIT: Action = { action_type: "submit" };

/**
 * Plays one episode of `agent` through `client` and returns its result.
 * @example const result = await playEpisode(inProcessClient(loadCatalog()), heuristicAgent(), { scenario_id: "typo_filename" });
 */
export async function playEpisode(client: EpisodeClient, agent: Agent, request: EpisodeRequest, hooks: PlayHooks = {}): Promise<EpisodeResult> {
  let { observation, done } = await client.reset(request);
  const id = observation.episode_id;
  hooks.onStart?.(observation);
  const rewards: number[] = [];
  let turns = 0;
  let invalid = 0;
  let agentError: string | null = null;

  const play = async (action: Action): Promise<TurnRecord> => {
    const result = await client.step(id, action);
    observation = result.observation;
    done = result.done;
    const reward = result.reward ?? 0;
    rewards.push(reward);
    return { step: turns, action, reward, done, error: observation.last_action_error, issues_fixed: observation.issues_fixed };
  };

  while (!done) {
    turns += 1;
    let turn: TurnRecord;
    if (turns > observation.max_steps) {
      // The agent used every turn without ending the episode (some turns gave no action): grade it now.
      turn = await play(SUBMIT);
    } else {
      let decision;
      try {
        decision = await agent.act(observation);
      } catch (error) {
        agentError = error instanceof Error ? error.message : String(error);
        decision = null;
      }
      if (decision === null) {
        turn = await play(SUBMIT);
        turn.error = `agent failed, episode submitted: ${agentError}`;
      } else if (decision.action === null) {
        invalid += 1;
        rewards.push(0);
        turn = { step: turns, action: null, reward: 0, done: false, error: decision.error, issues_fixed: observation.issues_fixed };
      } else {
        turn = await play(decision.action);
      }
    }
    hooks.onTurn?.(observation, turn);
  }

  const breakdown = observation.score_breakdown;
  const result: EpisodeResult = {
    episode_id: id,
    task_id: observation.task_id,
    scenario_id: observation.scenario_id,
    difficulty: observation.difficulty,
    score: observation.score ?? breakdown?.score ?? 0,
    solved: breakdown?.solved ?? false,
    steps: observation.step_count,
    issues_fixed: observation.issues_fixed,
    issues_total: observation.issues_total,
    hints_used: observation.hints_used,
    failed_actions: breakdown?.failed_actions ?? 0,
    invalid_turns: invalid,
    rewards,
    breakdown,
    error: agentError,
  };
  hooks.onEnd?.(result);
  return result;
}
