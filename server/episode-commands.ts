/**
 * The episode operations every transport shares: the record a reset starts, an action validated as every
 * transport validates it, and the refusal of a finished episode. REST, WebSocket and the MCP tools all call
 * these, so an action means the same thing, fails the same way and scores the same whichever way it arrives.
 * Errors are the server's common ones (ValidationError for bad input, HttpError for a state that refuses the
 * request); each transport turns them into its own wire shape.
 */
import { ActionSchema, type Action } from "../contracts/actions.js";
import { ResetError } from "../environment/episode.js";
import { startRecord, type EpisodeRecord } from "../environment/episode-record.js";
import type { ResetRequest } from "../contracts/observation.js";
import type { Catalog } from "../tasks/catalog.js";
import { HttpError, ValidationError } from "./errors.js";
import { parseOrThrow } from "./validation.js";

/**
 * The record of the episode a reset starts; an unknown task or scenario becomes a validation error at
 * `loc` + the field.
 * @example startingRecord(catalog, { scenario_id: "typo_filename" }, "ep-1", ["body"])
 */
export function startingRecord(catalog: Catalog, request: ResetRequest, id: string, loc: Array<string | number> = []): EpisodeRecord {
  try {
    return startRecord(catalog, request, id);
  } catch (error) {
    if (error instanceof ResetError) {
      throw new ValidationError([{ type: "value_error", loc: [...loc, error.field], msg: error.message, input: request[error.field] ?? null }]);
    }
    throw error;
  }
}

/** Where each transport's client reads an episode's state, for messages that send it there. */
export const STATE_WHERE = {
  http: (episodeId: string) => `GET /state?episode_id=${encodeURIComponent(episodeId)}`,
  ws: () => 'a {"type": "state"} frame',
  tool: () => "the get_episode_state tool",
} as const;

/**
 * Validates `raw` as an action, with errors relative to the action, as OpenEnv reports them.
 * @throws ValidationError for a malformed action.
 */
export function parseAction(raw: unknown): Action {
  return parseOrThrow(ActionSchema, raw, []);
}

/**
 * The refusal of an action on a finished episode, saying truthfully where its final observation is: in the
 * answer to the step that ended it, and in the episode's state (`stateAt`), which carries the observation.
 */
export function episodeDone(episodeId: string, stateAt: string): HttpError {
  return new HttpError(
    409,
    `episode '${episodeId}' is done (submitted, every issue fixed, or max_steps reached); ` +
      `its final observation, with score and score_breakdown, was the answer to the step that ended it and is in ${stateAt}; ` +
      "start another with a reset (POST /reset, a reset frame on /ws, or the start_scenario tool)",
  );
}
