/**
 * SPEC §5's formula, alone so that it can be read at a glance:
 * score = clamp(0.05 + 0.35·f + 0.25·[f = 1] + 0.25·f·e − 0.04·hints − 0.02·failed, 0.01, 0.99).
 */
export const WEIGHTS = { base: 0.05, partial: 0.35, complete: 0.25, efficiency: 0.25, hint: 0.04, failed: 0.02 } as const;
export const SCORE_FLOOR = 0.01;
export const SCORE_CEILING = 0.99;

export interface ScoreInputs {
  issuesFixed: number;
  issuesTotal: number;
  steps: number;
  optimalSteps: number;
  maxSteps: number;
  hints: number;
  failed: number;
}

import { round4 } from "../contracts/rounding.js";

export { round4 };

/** 1 while steps ≤ optimal, falling linearly to 0 at max_steps. */
export function efficiency(steps: number, optimal: number, max: number): number {
  if (steps <= optimal) return 1;
  if (steps >= max) return 0;
  return (max - steps) / (max - optimal);
}

export function scoreComponents(input: ScoreInputs) {
  const f = input.issuesTotal === 0 ? 0 : input.issuesFixed / input.issuesTotal;
  const e = efficiency(input.steps, input.optimalSteps, input.maxSteps);
  const components = {
    base: WEIGHTS.base,
    partial: round4(WEIGHTS.partial * f),
    complete_bonus: f === 1 ? WEIGHTS.complete : 0,
    efficiency: round4(WEIGHTS.efficiency * f * e),
    hint_penalty: round4(-WEIGHTS.hint * input.hints),
    failed_penalty: round4(-WEIGHTS.failed * input.failed),
  };
  const raw = Object.values(components).reduce((a, b) => a + b, 0);
  const score = round4(Math.min(SCORE_CEILING, Math.max(SCORE_FLOOR, raw)));
  return { score, f: round4(f), e: round4(e), components };
}
