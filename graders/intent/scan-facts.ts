/** The repository-wide facts (suppressions, credentials) of a state, from its `repository-scan` event. */
import type { RepositoryScanEvent } from "../../simulators/scan/index.js";
import type { RepositoryState } from "./types.js";
import { perState } from "./per-state.js";

function computeRepositoryScan(state: RepositoryState): RepositoryScanEvent | null {
  return state.facts.of<RepositoryScanEvent>("repository-scan")[0]?.event ?? null;
}
export const repositoryScan = perState(computeRepositoryScan);
