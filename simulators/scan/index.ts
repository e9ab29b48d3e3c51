/**
 * Facts about a repository as a whole, that no single simulator's run yields: the suppressions and
 * credentials its files hold. simulateRepository adds them to every result, as a `repository-scan` event.
 */
import type { Repository } from "../repository.js";
import { countCredentials } from "./credentials.js";
import { countSuppressions } from "./suppressions.js";
import type { SuppressionCounts } from "./suppressions.js";

export interface RepositoryScanEvent extends SuppressionCounts {
  type: "repository-scan";
  credentials: Map<string, number>;
}

export function scanRepository(repo: Repository): RepositoryScanEvent {
  return { type: "repository-scan", ...countSuppressions(repo), credentials: countCredentials(repo) };
}
