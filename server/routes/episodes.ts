/**
 * OpenEnv's episode endpoints over HTTP sessions: POST /reset, POST /step, GET /state. Which episode a
 * request acts on is the SessionStore's business (see sessions.ts for the default episode). A failed edit
 * (no match, a path outside the repository, a line out of range) is not an HTTP error: the engine answers it
 * with `last_action_error` in a 200, as it would over any transport.
 */
import { Hono } from "hono";
import { ActionSchema } from "../../environment/actions.js";
import { EpisodeDoneError, ResetError } from "../../environment/episode.js";
import { ResetRequestSchema } from "../../environment/observation.js";
import { EMPTY_BODY, readJsonBody } from "../body.js";
import type { ServerContext } from "../context.js";
import { HttpError, ValidationError } from "../errors.js";
import { StateQuerySchema, StepRequestSchema } from "../requests.js";
import { parseOrThrow } from "../validation.js";

/** POST /reset, POST /step, GET /state. */
export function episodeRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/reset", async (c) => {
    const body = await readJsonBody(c, ctx.options.maxBodyBytes);
    // OpenEnv accepts an empty body and a JSON null as "no arguments".
    const request = parseOrThrow(ResetRequestSchema, body === EMPTY_BODY || body === null ? {} : body, ["body"]);
    try {
      return c.json(ctx.sessions.reset(request));
    } catch (error) {
      if (error instanceof ResetError) {
        throw new ValidationError([
          { type: "value_error", loc: ["body", error.field], msg: error.message, input: request[error.field] ?? null },
        ]);
      }
      throw error;
    }
  });

  app.post("/step", async (c) => {
    const body = await readJsonBody(c, ctx.options.maxBodyBytes);
    if (body === EMPTY_BODY) {
      throw new ValidationError([{ type: "missing", loc: ["body"], msg: "Field required", input: null }]);
    }
    const request = parseOrThrow(StepRequestSchema, body, ["body"]);
    // Validate everything before looking the episode up, as FastAPI does (422 before 404).
    const action = parseOrThrow(ActionSchema, request.action, []);
    const episode = ctx.sessions.episode(request.episode_id);
    if (episode.done) throw doneError(episode.state().episode_id);
    try {
      return c.json(episode.step(action));
    } catch (error) {
      if (error instanceof EpisodeDoneError) throw doneError(episode.state().episode_id);
      throw error;
    }
  });

  app.get("/state", (c) => {
    const query = parseOrThrow(StateQuerySchema, c.req.query(), ["query"]);
    return c.json(ctx.sessions.episode(query.episode_id).state());
  });

  return app;
}

function doneError(episodeId: string): HttpError {
  return new HttpError(
    409,
    `episode '${episodeId}' is done (submitted, every issue fixed, or max_steps reached); ` +
      "its final observation is in the last /step answer and GET /state; POST /reset to start another",
  );
}
