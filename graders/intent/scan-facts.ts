/** The repository-wide facts (suppressions, credentials) of a state, from its `repository-scan` event. */
import type { RepositoryScanEvent } from "../../simulators/scan/index.js";
import type { RepositoryState } from "./types.js";

export function repositoryScan(state: RepositoryState): RepositoryScanEvent | null {
  return state.facts.of<RepositoryScanEvent>("repository-scan")[0]?.event ?? null;
}
