/**
 * What the episode engine asks of the grader: the assessment of a state of the files, and the score
 * breakdown of an episode's state. The engine is given a judge rather than importing the grader, so the
 * grader can replay episodes through the engine without the two depending on each other.
 */
import type { Assessment } from "../contracts/assessment.js";
import type { ScoreBreakdown } from "../contracts/observation.js";
import type { Repository } from "../simulators/repository.js";
import type { Scenario } from "../tasks/schema.js";

/** An episode's state as the score formula reads it. */
export interface EpisodeFacts {
  scenario: Scenario;
  assessment: Assessment;
  /** Every step taken, inspections included. */
  steps: number;
  /** Inspect actions among the steps: they count toward max_steps, not toward efficiency. */
  inspections: number;
  hints: number;
  failed: number;
}

export interface Judge {
  /** Which of the scenario's issues `files` fixes, and why others do not count. */
  assess(scenario: Scenario, files: Repository): Assessment;
  /** The score breakdown of an episode's state. */
  score(facts: EpisodeFacts): ScoreBreakdown;
}
