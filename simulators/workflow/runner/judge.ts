/**
 * A step's line to the rule engine: everything the step does that can fail goes to its job leg's unit as an
 * event, and the rules' verdict decides whether the command fails there. A switched-off step emits softly:
 * its findings are warnings that stop nothing, but the command still fails, as on GitHub. A command whose
 * running depends on control flow the simulator does not follow emits tentatively: what a rule finds there
 * leaves the rule undecided and is not reported (the simulator never invents a failure), though the command
 * still has not done what it would have. Every reported finding of the step is kept, for the interpreter to
 * give it the step's log.
 */
import type { Failure, UnitRun } from "../../engine/engine.js";
import type { RunEvent, StepRef, WorkflowEvent, WorkflowUnit } from "../events.js";
import type { StepSite } from "./step-site.js";
import type { StepFailure } from "./state.js";

export class StepJudge {
  /** Every finding the step raised, in order. */
  readonly findings: Failure[] = [];

  constructor(
    private readonly unit: UnitRun<WorkflowEvent, WorkflowUnit>,
    readonly step: StepRef,
    /** `continue-on-error`, `if:` false, a switched-off job. */
    readonly soft: boolean,
    readonly site: StepSite,
  ) {}

  /**
   * A failure another domain's rule raised on this step's behalf (the image build the step asked for): the
   * step fails with it, and its log becomes the step's.
   */
  adopt(failure: Failure): void {
    this.findings.push(failure);
  }

  /** The command being judged may not run at all (it sits in control flow the simulator does not follow). */
  private conditional = false;

  /** Runs a command's handler; a conditional command's events are tentative. */
  command<T>(conditional: boolean, run: () => T): T {
    this.conditional = conditional;
    try {
      return run();
    } finally {
      this.conditional = false;
    }
  }

  /** Hands an event to the rules: the failure that stops the command there, or null. */
  judge(event: RunEvent): StepFailure | null {
    const verdict = this.unit.emit(event, { soft: this.soft, tentative: this.conditional });
    if (!this.conditional) this.findings.push(...verdict.findings);
    const failure = verdict.failed ?? verdict.findings.find((f) => f.rule.severity === "error") ?? null;
    return failure ? { failure, type: event.type } : null;
  }

  /**
   * Judges what the step would have done next had it not failed first, for what can be known without it (a
   * push's credentials do not depend on the build before it): a clean verdict is known, a finding is not
   * reported and leaves the rule undecided.
   */
  foresee(event: RunEvent): void {
    this.unit.emit(event, { soft: this.soft, tentative: true });
  }

  /** Records what happened, for the grader: the step carries on whatever a rule would make of it. */
  fact(event: RunEvent): void {
    this.judge(event);
  }

  /** bash carried on past a failure (`|| true`, a pipeline's first command): it is a warning. */
  excuse(failure: StepFailure): void {
    if (!this.soft) this.unit.excuse(failure.failure);
  }
}
