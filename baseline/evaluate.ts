/**
 * Runs an agent over a set of scenarios, a few episodes at a time, and collects one result per episode.
 * The benchmark table, /baseline and `breakfix eval` are all built on it.
 */
import type { AgentFactory } from "./agent.js";
import type { EpisodeClient, EpisodeRequest } from "./clients/episode-client.js";
import { playEpisode, type EpisodeResult, type PlayHooks } from "./play.js";

export interface EvaluationOptions {
  client: EpisodeClient;
  agent: AgentFactory;
  /** One episode per request, played in this order (results keep it whatever the concurrency). */
  episodes: readonly EpisodeRequest[];
  /** Episodes in flight at once; 1 plays them one after another. */
  concurrency?: number;
  /** Live hooks, told which episode (0-based index into `episodes`) they are about. */
  hooks?: (index: number) => PlayHooks;
}

/**
 * Plays every requested episode and returns their results in request order.
 * @example const results = await evaluate({ client: inProcessClient(catalog), agent: heuristicAgent, episodes: [{ scenario_id: "typo_filename" }] });
 */
export async function evaluate(options: EvaluationOptions): Promise<EpisodeResult[]> {
  const results: EpisodeResult[] = new Array<EpisodeResult>(options.episodes.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = next++;
      const request = options.episodes[index];
      if (request === undefined) return;
      results[index] = await playEpisode(options.client, options.agent(), request, options.hooks?.(index) ?? {});
    }
  };
  const width = Math.max(1, Math.min(options.concurrency ?? 1, options.episodes.length));
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}
