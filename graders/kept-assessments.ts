/**
 * Assessments kept by state (simulators/incremental/kept.ts): an assessment is a pure function of the
 * scenario and the state's files, so a state of a scenario met before, in this episode or another, is
 * answered without simulating or judging it again. Off with the sections' reuse, so a full run is a full run.
 */
import type { Assessment } from "../contracts/assessment.js";
import { KeptByState, MAX_KEPT_ASSESSMENT_BYTES, MAX_KEPT_ASSESSMENTS, stateKey } from "../simulators/incremental/kept.js";
import { objectId } from "../simulators/incremental/object-ids.js";
import type { Repository } from "../simulators/repository.js";

/** A rough charge for what an assessment holds beyond what its simulation shares with others. */
function chargeOf(assessment: Assessment): number {
  let bytes = 512 + (assessment.errorMessage?.length ?? 0) * 2;
  for (const d of assessment.diagnostics) bytes += 256 + d.message.length * 2;
  for (const v of assessment.violations) bytes += 128 + v.message.length * 2;
  return bytes;
}

const kept = new KeptByState<Assessment>({ count: MAX_KEPT_ASSESSMENTS, bytes: MAX_KEPT_ASSESSMENT_BYTES }, chargeOf);

/** The assessment of `repo` in `scenario`: kept from an earlier call on the same state, else `assess`'s. */
export function keptAssessment(scenario: object, repo: Repository, assess: () => Assessment): Assessment {
  return kept.get(`${objectId(scenario)}\u0002${stateKey(repo)}`, assess);
}

/**
 * Keeps `assessment` as the one of `repo` in `scenario`, unless one is kept already: for a scenario made from
 * another whose states were assessed, where the caller knows what each assessment becomes (the generator serves
 * its scenarios with their issues in the order a run shows them, after its gates walked them in another).
 */
export function keepAssessment(scenario: object, repo: Repository, assessment: Assessment): void {
  kept.get(`${objectId(scenario)}\u0002${stateKey(repo)}`, () => assessment);
}

/** How many assessments are kept, and the bytes they are charged. */
export function keptAssessments(): { count: number; bytes: number } {
  return { count: kept.size, bytes: kept.bytes };
}

/** Drops every kept assessment. */
export function forgetAssessments(): void {
  kept.clear();
}
