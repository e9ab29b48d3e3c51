/** Episodes played in this process, straight on the engine: no server, no network, the same observations. */
import { startJudgedEpisode } from "../../graders/episodes.js";
import { randomUUID } from "node:crypto";
import type { Action } from "../../contracts/actions.js";
import { Episode } from "../../environment/episode.js";
import type { StepResult } from "../../contracts/observation.js";
import type { Catalog } from "../../tasks/catalog.js";
import type { EpisodeClient, EpisodeRequest } from "./episode-client.js";

/**
 * An EpisodeClient over the engine. Finished episodes are forgotten, so a long benchmark holds only the
 * episodes still running.
 * @example const client = inProcessClient(loadCatalog());
 */
export function inProcessClient(catalog: Catalog): EpisodeClient {
  const episodes = new Map<string, Episode>();
  return {
    reset(request: EpisodeRequest): Promise<StepResult> {
      const episode = startJudgedEpisode(catalog, request, randomUUID());
      episodes.set(episode.episodeId, episode);
      return Promise.resolve(episode.observe());
    },
    step(episodeId: string, action: Action): Promise<StepResult> {
      const episode = episodes.get(episodeId);
      if (episode === undefined) return Promise.reject(new Error(`no running episode '${episodeId}'`));
      const result = episode.step(action);
      if (result.done) episodes.delete(episodeId);
      return Promise.resolve(result);
    },
  };
}
