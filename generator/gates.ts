/**
 * SPEC §5's gates, at generation time, for one generated scenario: it starts broken with every error accounted
 * for by its issues, each issue's check fires somewhere along the reference repair (a fault masked by an
 * earlier one shows once that one is fixed), the composed repair solves it with score ≥ 0.9 and no
 * violation, and the canary agents (do nothing, delete or empty every file, suppress, switch off) stay at the
 * floor. A scenario that fails a gate is never served: the generator draws again.
 *
 * The walk assesses each state of the repair once, in order, and scores the last with the grader's own
 * formula; `firstProblem` stops at the first problem found (the generator only needs to know a draw failed).
 * A canary is judged as the grader would replay it, without the replay's intermediate assessments: its edits
 * applied, the state they leave assessed once, scored with the steps it took (canaries.ts).
 */
import { isEditAction } from "../contracts/actions.js";
import type { Assessment } from "../contracts/assessment.js";
import { applyEditAction } from "../environment/apply-action.js";
import { assess } from "../graders/assess.js";
import { gradeEpisodeState } from "../graders/breakdown.js";
import { repositoryFrom } from "../simulators/repository.js";
import { checkKey } from "../simulators/simulation.js";
import type { Scenario } from "../tasks/schema.js";
import { canaryProblems } from "./canaries.js";

export interface GateReport {
  ok: boolean;
  /** What failed, one line each (empty when ok). */
  problems: string[];
  /** The reference repair's score (0 when the walk stopped before its end). */
  score: number;
}

export interface GateOptions {
  /** Judge the canary agents too (default true). */
  canaries?: boolean;
  /** Stop at the first problem (default false: list them all). */
  firstProblem?: boolean;
}

export function checkGates(scenario: Scenario, options: GateOptions = {}): GateReport {
  const problems: string[] = [];
  const stop = () => options.firstProblem === true && problems.length > 0;
  const report = (score: number): GateReport => ({ ok: problems.length === 0, problems, score });
  const firing = new Set<string>();
  const look = (now: Assessment, n: number) => {
    if (now.foreign.length > 0) problems.push(`${n === 0 ? "starts with" : `step ${n} of the repair shows`} errors no issue accounts for: ${now.foreign.map((d) => `${d.file} ${d.code}`).join(", ")}`);
    for (const d of now.diagnostics) firing.add(checkKey(d.code, d.file));
  };

  let repo = repositoryFrom(scenario.files);
  const start = assess(scenario, repo);
  if (start.fixed.some(Boolean)) problems.push(`starts with an issue already fixed: ${scenario.issues.filter((_, i) => start.fixed[i]).map((i) => i.id).join(", ")}`);
  if (start.errorMessage === null) problems.push("starts with no error to read");
  look(start, 0);
  if (stop()) return report(0);

  let end = start;
  let n = 0;
  for (const action of scenario.solution) {
    if (!isEditAction(action)) continue;
    const out = applyEditAction(repo, action);
    if (!out.ok) {
      problems.push(`the reference repair does not apply: ${out.error}`);
      break;
    }
    repo = out.repo;
    end = assess(scenario, repo);
    look(end, ++n);
    if (stop()) return report(0);
  }
  for (const issue of scenario.issues) {
    if (!issue.detection.some((d) => firing.has(checkKey(d.code, d.file)))) problems.push(`${issue.id} never shows along the repair`);
  }
  const breakdown = gradeEpisodeState({ scenario, assessment: end, steps: scenario.solution.length, inspections: 0, hints: 0, failed: 0 });
  if (!breakdown.solved || breakdown.score < 0.9) problems.push(`the reference repair scores ${breakdown.score} (solved: ${breakdown.solved}; ${breakdown.violations.map((v) => v.message).join("; ")})`);
  if (stop()) return report(breakdown.score);
  if (options.canaries !== false) problems.push(...canaryProblems(scenario, start));
  return report(breakdown.score);
}

