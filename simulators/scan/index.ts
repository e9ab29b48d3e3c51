/**
 * Facts about a repository as a whole, that no single simulator's run yields: the suppressions and
 * credentials its files hold, and the runtime versions it says it needs. simulateRepository adds them to every result, as a `repository-scan` event.
 */
import type { Repository } from "../repository.js";
import { countCredentials } from "./credentials.js";
import { runtimeRequirements } from "./runtime-requirements.js";
import type { RuntimeRequirement } from "./runtime-requirements.js";
import { countSuppressions } from "./suppressions.js";
import type { SuppressionCounts } from "./suppressions.js";

export interface RepositoryScanEvent extends SuppressionCounts {
  type: "repository-scan";
  credentials: Map<string, number>;
  /** `file field` → the runtime version range it states. */
  requirements: Map<string, RuntimeRequirement>;
}

export function scanRepository(repo: Repository): RepositoryScanEvent {
  return { type: "repository-scan", ...countSuppressions(repo), credentials: countCredentials(repo), requirements: runtimeRequirements(repo) };
}
