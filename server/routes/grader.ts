/**
 * POST /grader: score a trajectory by replaying its actions from the scenario's start. The grader never
 * trusts rewards or states a client reports; it only needs the scenario id and the actions.
 */
import { Hono } from "hono";
import { EMPTY_BODY, readJsonBody } from "../body.js";
import type { ServerContext } from "../context.js";
import { gradeRequest } from "../grading.js";
import { note } from "../observe.js";

/** POST /grader. */
export function graderRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/grader", async (c) => {
    const body = await readJsonBody(c, ctx.options.maxBodyBytes);
    const report = await gradeRequest(ctx, body === EMPTY_BODY ? undefined : body, ["body"]);
    note(c, { scenario_id: report.scenario_id, actions_played: report.history.length });
    return c.json(report);
  });

  return app;
}
