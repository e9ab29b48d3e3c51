/** The score breakdown of an episode's state: the formula's inputs and parts, and why fixes did not count. */
import type { ScoreBreakdown } from "../contracts/observation.js";
import type { EpisodeFacts } from "../environment/judge.js";
import { scoreComponents } from "./score.js";

export type { EpisodeFacts } from "../environment/judge.js";

export function gradeEpisodeState({ scenario, assessment, steps, inspections, hints, failed }: EpisodeFacts): ScoreBreakdown {
  const total = scenario.issues.length;
  const { score, f, e, components } = scoreComponents({
    issuesFixed: assessment.fixedCount,
    issuesTotal: total,
    // Efficiency measures edits and hints: looking around is paid for by max_steps alone.
    steps: steps - inspections,
    optimalSteps: scenario.optimal_steps,
    maxSteps: scenario.max_steps,
    hints,
    failed,
  });
  const violations = [
    ...assessment.violations,
    ...assessment.foreign.map((d) => ({ check: "no-new-errors" as const, file: d.file, message: `new error not among the scenario's issues: ${d.file}:${d.line} ${d.code} ${d.message}` })),
  ];
  return {
    score,
    issues_fixed: assessment.fixedCount,
    issues_total: total,
    fixed_fraction: f,
    all_fixed: assessment.fixedCount === total,
    efficiency: e,
    steps,
    inspections,
    optimal_steps: scenario.optimal_steps,
    max_steps: scenario.max_steps,
    hints_used: hints,
    failed_actions: failed,
    components,
    solved: assessment.solved,
    violations,
  };
}
