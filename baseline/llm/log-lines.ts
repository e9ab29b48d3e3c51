/**
 * The runner's log: one `[START]`, a `[STEP]` per turn and one `[END]` per episode, each a tag, a space and
 * one line of JSON, so that `line.slice(line.indexOf(" ") + 1)` always parses. Episodes run concurrently, so
 * every line carries its episode's number.
 */
import type { Observation } from "../../contracts/observation.js";
import type { EpisodeResult, TurnRecord } from "../play.js";

/** `[START] {"episode","episode_id","task_id","scenario_id","difficulty","model","max_steps","issues_total"}` */
export function startLine(episode: number, observation: Observation, model: string): string {
  return `[START] ${JSON.stringify({
    episode,
    episode_id: observation.episode_id,
    task_id: observation.task_id,
    scenario_id: observation.scenario_id,
    difficulty: observation.difficulty,
    model,
    max_steps: observation.max_steps,
    issues_total: observation.issues_total,
  })}`;
}

/** `[STEP] {"episode","step","action","reward","done","error","issues_fixed"}`; action is null when the reply had none. */
export function stepLine(episode: number, turn: TurnRecord): string {
  return `[STEP] ${JSON.stringify({ episode, step: turn.step, action: turn.action, reward: turn.reward, done: turn.done, error: turn.error, issues_fixed: turn.issues_fixed })}`;
}

/** `[END] {"episode","episode_id","scenario_id","success","score","steps","issues_fixed","issues_total","hints_used","failed_actions","invalid_replies","rewards","error"}` */
export function endLine(episode: number, result: EpisodeResult): string {
  return `[END] ${JSON.stringify({
    episode,
    episode_id: result.episode_id,
    scenario_id: result.scenario_id,
    success: result.solved,
    score: result.score,
    steps: result.steps,
    issues_fixed: result.issues_fixed,
    issues_total: result.issues_total,
    hints_used: result.hints_used,
    failed_actions: result.failed_actions,
    invalid_replies: result.invalid_turns,
    rewards: result.rewards,
    error: result.error,
  })}`;
}

/** The JSON payload of a log line, or null for a line that is not one of ours. */
export function parseLogLine(line: string): { tag: "START" | "STEP" | "END"; payload: Record<string, unknown> } | null {
  const m = /^\[(START|STEP|END)\] (.*)$/.exec(line);
  if (!m) return null;
  return { tag: m[1] as "START" | "STEP" | "END", payload: JSON.parse(m[2] ?? "null") as Record<string, unknown> };
}
