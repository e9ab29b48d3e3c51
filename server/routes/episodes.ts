/**
 * OpenEnv's episode endpoints over HTTP sessions: POST /reset, POST /step, GET /state, DELETE
 * /episodes/{id} to close one, and GET /episodes/{id}/record for the record any finished episode (or a
 * stored HTTP one) replays from. Which episode a request acts on is the SessionStore's business (see
 * sessions.ts for the default episode). A failed edit
 * (no match, a path outside the repository, a line out of range) is not an HTTP error: the engine answers it
 * with `last_action_error` in a 200, as it would over any transport.
 */
import { Hono } from "hono";
import { ActionSchema } from "../../contracts/actions.js";
import { EMPTY_BODY, readJsonBody } from "../body.js";
import type { ServerContext } from "../context.js";
import { HttpError, ValidationError } from "../errors.js";
import { jsonText } from "../json-answer.js";
import { note } from "../observe.js";
import { EpisodePathSchema, StateQuerySchema, StepRequestSchema } from "../requests.js";
import { parseResetRequest } from "../reset-request.js";
import { parseOrThrow } from "../validation.js";

/** POST /reset, POST /step, GET /state, DELETE /episodes/{id}, GET /episodes/{id}/record. */
export function episodeRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/reset", async (c) => {
    const body = await readJsonBody(c, ctx.options.maxBodyBytes);
    // OpenEnv accepts an empty body and a JSON null as "no arguments".
    const request = parseResetRequest(body === EMPTY_BODY || body === null ? {} : body, ["body"]);
    const answer = await ctx.sessions.reset(request);
    note(c, { episode_id: answer.episodeId });
    return jsonText(c, answer.json);
  });

  app.post("/step", async (c) => {
    const body = await readJsonBody(c, ctx.options.maxBodyBytes);
    if (body === EMPTY_BODY) {
      throw new ValidationError([{ type: "missing", loc: ["body"], msg: "Field required", input: null }]);
    }
    const request = parseOrThrow(StepRequestSchema, body, ["body"]);
    // Validate everything before looking the episode up, as FastAPI does (422 before 404).
    const action = parseOrThrow(ActionSchema, request.action, []);
    note(c, { episode_id: request.episode_id ?? null, action_type: action.action_type });
    const answer = await ctx.sessions.step(request.episode_id, action);
    note(c, { episode_id: answer.episodeId, outcome: answer.failed ? "failed_action" : answer.done ? "done" : "ok" });
    return jsonText(c, answer.json);
  });

  app.get("/state", async (c) => {
    const query = parseOrThrow(StateQuerySchema, c.req.query(), ["query"]);
    const answer = await ctx.sessions.state(query.episode_id);
    note(c, { episode_id: answer.episodeId });
    return jsonText(c, answer.json);
  });

  app.get("/episodes/:episode_id/record", async (c) => {
    const { episode_id: id } = parseOrThrow(EpisodePathSchema, c.req.param(), ["path"]);
    note(c, { episode_id: id });
    return c.json(await ctx.sessions.record(id));
  });

  app.delete("/episodes/:episode_id", async (c) => {
    const { episode_id: id } = parseOrThrow(EpisodePathSchema, c.req.param(), ["path"]);
    note(c, { episode_id: id });
    if (!(await ctx.sessions.close(id))) {
      throw new HttpError(404, `episode '${id}' not found (unknown, already closed, or expired after ${ctx.options.sessionTtlSeconds} s idle)`);
    }
    return c.json({ episode_id: id, closed: true });
  });

  return app;
}
