/**
 * An intent check: does the repository still mean what it meant? It compares the facts the simulators derived
 * from the episode's starting files (and from the scenario's clean base, where the starting files lack them:
 * a build that never ran, a trigger the broken file no longer has) with the facts of the current files, and
 * names every way a "fix" got there by removing, switching off or bypassing what the pipeline needs. Checks
 * read facts only: they never parse a file themselves.
 */
import type { FactLog } from "../../simulators/engine/facts.js";
import type { Violation } from "../../contracts/assessment.js";
import type { IntentCheckName } from "../../contracts/intent-checks.js";
import type { Repository } from "../../simulators/repository.js";

/** A state of a repository: its files, and what the simulators saw happen in it. */
export interface RepositoryState {
  repo: Repository;
  facts: FactLog;
}

export interface IntentInputs {
  initial: RepositoryState;
  /** The scenario's clean base; null where there is none (a repository linted on its own). */
  base: RepositoryState | null;
  current: RepositoryState;
}

export type { IntentCheckName } from "../../contracts/intent-checks.js";

export type { Violation } from "../../contracts/assessment.js";

export interface IntentCheck {
  readonly name: IntentCheckName;
  check(inputs: IntentInputs): Violation[];
}
