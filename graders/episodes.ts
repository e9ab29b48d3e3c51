/** Episodes judged by the grader: what servers, agents and benchmarks start. */
import type { ResetRequest } from "../contracts/observation.js";
import { Episode } from "../environment/episode.js";
import type { Catalog } from "../tasks/catalog.js";
import { JUDGE } from "./judge.js";

/**
 * Starts an episode of `catalog` judged by the grader.
 * @throws ResetError for an unknown task or scenario.
 * @example startJudgedEpisode(loadCatalog(), { scenario_id: "typo_filename" }, "ep-1").observe()
 */
export function startJudgedEpisode(catalog: Catalog, request: ResetRequest, episodeId: string): Episode {
  return Episode.start(catalog, request, episodeId, JUDGE);
}
