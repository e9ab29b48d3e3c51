/**
 * How a runner reaches episodes: in this process (the engine itself) or over HTTP (a breakfix server, with
 * named episodes so that many can run at once). Both give the same observations for the same actions.
 */
import type { Action } from "../../contracts/actions.js";
import type { StepResult } from "../../contracts/observation.js";

/** Which scenario to play: as /reset takes it. */
export interface EpisodeRequest {
  task_id?: string;
  scenario_id?: string;
  seed?: number;
}

/** The episode API as a runner uses it. */
export interface EpisodeClient {
  /** Starts an episode; the observation carries its episode_id. */
  reset(request: EpisodeRequest): Promise<StepResult>;
  /** Plays one action in the episode `episodeId`. */
  step(episodeId: string, action: Action): Promise<StepResult>;
}
