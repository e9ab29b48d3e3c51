/**
 * SPEC §5's gates, at generation time, for one generated scenario: it starts broken with every error accounted
 * for by its issues, each issue's check fires somewhere along the reference repair (a fault masked by an
 * earlier one shows once that one is fixed), the composed repair solves it with score ≥ 0.9 and no
 * violation, and the canary agents (do nothing, delete or empty every file, suppress, switch off) stay at the
 * floor. A scenario that fails a gate is never served: the generator draws again.
 *
 * A walk assesses each state of the repair once, in order; the gates judge the walk and score its last state
 * with the grader's own formula. The generator walks the faults' repairs in the order a run shows them
 * (walkAsShown), which is the reference solution it serves; `checkGates` walks a scenario's own solution.
 * A canary is judged as the grader would replay it, at one assessment (canaries.ts).
 */
import { isEditAction, type Action } from "../contracts/actions.js";
import type { Assessment } from "../contracts/assessment.js";
import { applyEditAction } from "../environment/apply-action.js";
import { assess } from "../graders/assess.js";
import { gradeEpisodeState } from "../graders/breakdown.js";
import { stageIndex } from "../simulators/diagnostic.js";
import { repositoryFrom, type Repository } from "../simulators/repository.js";
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

/** The states of a repair, each assessed: the start, then one per edit action applied. */
export interface Walk {
  /** The repair as walked. */
  solution: Action[];
  states: Assessment[];
  /** The repository of each state, in the same order. */
  repos: Repository[];
  /** Why the walk stopped before the end of the repair, or null. */
  error: string | null;
}

/** A walk of the faults' repairs as a run shows them, with the order it met the issues in. */
export interface ShownWalk extends Walk {
  /** The scenario's issue indices in the order their repairs were walked (those never reached last, in order). */
  order: number[];
}

/** Walks `scenario`'s own solution. */
export function walkSolution(scenario: Scenario, stopOnForeign = false): Walk {
  const walker = new Walker(scenario);
  for (const action of scenario.solution) if (!walker.apply(action) || (stopOnForeign && walker.foreign())) break;
  return walker.walk();
}

/**
 * Walks the repairs (one per issue, in the scenario's issue order) in the order a run shows the faults: at
 * each state, the repair of the issue that now fires at the earliest stage (an engineer fixes the failure in
 * front of them); when none of those left fires, the earliest stage's, which then never shows (a gate fails).
 */
export function walkAsShown(scenario: Scenario, repairs: readonly (readonly Action[])[], stopOnForeign = false): ShownWalk {
  const walker = new Walker(scenario);
  const left = scenario.issues.map((issue, i) => ({ issue, repair: repairs[i] ?? [], i }));
  const met: number[] = [];
  while (left.length > 0 && walker.error === null && !(stopOnForeign && walker.foreign())) {
    const firing = walker.firingNow();
    const order = (a: (typeof left)[number], b: (typeof left)[number]) => stageIndex(a.issue.stage) - stageIndex(b.issue.stage) || a.i - b.i;
    const shown = left.filter((l) => l.issue.detection.some((d) => firing.has(checkKey(d.code, d.file)))).sort(order);
    const next = shown[0] ?? [...left].sort(order)[0]!;
    left.splice(left.indexOf(next), 1);
    met.push(next.i);
    for (const action of next.repair) if (!walker.apply(action)) break;
  }
  return { ...walker.walk(), order: [...met, ...left.map((l) => l.i)] };
}

/** One walk in progress: the repository as the repair left it, and each state's assessment. */
class Walker {
  private repo: Repository;
  private readonly states: Assessment[];
  private readonly repos: Repository[];
  private readonly solution: Action[] = [];
  error: string | null = null;

  constructor(private readonly scenario: Scenario) {
    this.repo = repositoryFrom(scenario.files);
    this.states = [assess(scenario, this.repo)];
    this.repos = [this.repo];
  }

  /** Applies one action of the repair; false when it does not apply (the walk ends there). */
  apply(action: Action): boolean {
    this.solution.push(action);
    if (!isEditAction(action)) return true;
    const out = applyEditAction(this.repo, action);
    if (!out.ok) {
      this.error = out.error;
      return false;
    }
    this.repo = out.repo;
    this.states.push(assess(this.scenario, this.repo));
    this.repos.push(this.repo);
    return true;
  }

  firingNow(): Set<string> {
    return new Set(this.states[this.states.length - 1]!.diagnostics.map((d) => checkKey(d.code, d.file)));
  }

  foreign(): boolean {
    return this.states[this.states.length - 1]!.foreign.length > 0;
  }

  walk(): Walk {
    return { solution: this.solution, states: this.states, repos: this.repos, error: this.error };
  }
}

/** The gates, judged on a walk of `scenario`'s repair (whose solution is `walk.solution`). */
export function judgeWalk(scenario: Scenario, walk: Walk, options: GateOptions = {}): GateReport {
  const problems: string[] = [];
  const stop = () => options.firstProblem === true && problems.length > 0;
  const report = (score: number): GateReport => ({ ok: problems.length === 0, problems, score });
  const start = walk.states[0]!;
  if (start.fixed.some(Boolean)) problems.push(`starts with an issue already fixed: ${scenario.issues.filter((_, i) => start.fixed[i]).map((i) => i.id).join(", ")}`);
  if (start.errorMessage === null) problems.push("starts with no error to read");
  const firing = new Set<string>();
  walk.states.forEach((now, n) => {
    if (now.foreign.length > 0) problems.push(`${n === 0 ? "starts with" : `step ${n} of the repair shows`} errors no issue accounts for: ${now.foreign.map((d) => `${d.file} ${d.code}`).join(", ")}`);
    for (const d of now.diagnostics) firing.add(checkKey(d.code, d.file));
  });
  if (walk.error !== null) problems.push(`the reference repair does not apply: ${walk.error}`);
  if (stop()) return report(0);
  for (const issue of scenario.issues) {
    if (!issue.detection.some((d) => firing.has(checkKey(d.code, d.file)))) problems.push(`${issue.id} never shows along the repair`);
  }
  const end = walk.states[walk.states.length - 1]!;
  const breakdown = gradeEpisodeState({ scenario, assessment: end, steps: walk.solution.length, inspections: 0, hints: 0, failed: 0 });
  if (!breakdown.solved || breakdown.score < 0.9) problems.push(`the reference repair scores ${breakdown.score} (solved: ${breakdown.solved}; ${breakdown.violations.map((v) => v.message).join("; ")})`);
  if (stop()) return report(breakdown.score);
  if (options.canaries !== false) problems.push(...canaryProblems(scenario, start));
  return report(breakdown.score);
}

/** The gates on `scenario` as it stands: its own solution walked. */
export function checkGates(scenario: Scenario, options: GateOptions = {}): GateReport {
  return judgeWalk(scenario, walkSolution(scenario, options.firstProblem === true), options);
}
