/**
 * The public catalogue: tasks and their scenarios (nothing hidden: no issue descriptions, no solutions), and
 * /info, a summary of the environment for people and dashboards.
 */
import { Hono } from "hono";
import { ACTION_TYPES } from "../../contracts/actions.js";
import { quote } from "../../contracts/quote.js";
import { SCORE_CEILING, SCORE_FLOOR, WEIGHTS } from "../../graders/score.js";
import type { ServerContext } from "../context.js";
import { ENDPOINTS } from "../endpoints.js";
import { HttpError } from "../errors.js";
import { packageInfo } from "../package-info.js";

/** GET /tasks, /tasks/:task_id, /info. */
export function catalogRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.get("/tasks", (c) => c.json({ tasks: ctx.catalog.tasks }));

  app.get("/tasks/:task_id", (c) => {
    const id = c.req.param("task_id");
    const task = ctx.catalog.task(id);
    if (task === undefined) {
      const valid = ctx.catalog.tasks.map((t) => t.task_id).join(", ");
      throw new HttpError(404, `task '${quote(id)}' not found; valid task ids: ${valid}`);
    }
    return c.json(task);
  });

  app.get("/info", (c) => {
    const info = packageInfo();
    return c.json({
      name: info.name,
      version: info.version,
      description: info.description,
      tasks: ctx.catalog.tasks.length,
      scenarios: ctx.catalog.scenarios.length,
      action_types: ACTION_TYPES,
      scoring: { ...WEIGHTS, floor: SCORE_FLOOR, ceiling: SCORE_CEILING },
      endpoints: ENDPOINTS,
    });
  });

  return app;
}
