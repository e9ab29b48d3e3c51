/**
 * POST /grader: score a trajectory by replaying its actions from the scenario's start. The grader never
 * trusts rewards or states a client reports; it only needs the scenario id and the actions.
 */
import { Hono } from "hono";
import { ActionSchema, type Action } from "../../environment/actions.js";
import { gradeTrajectory } from "../../graders/grade.js";
import { EMPTY_BODY, readJsonBody } from "../body.js";
import type { ServerContext } from "../context.js";
import { ValidationError, type ValidationDetail } from "../errors.js";
import { GraderRequestSchema } from "../requests.js";
import { parseOrThrow, toValidationDetails } from "../validation.js";

/** POST /grader. */
export function graderRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/grader", async (c) => {
    const body = await readJsonBody(c, ctx.options.maxBodyBytes);
    const request = parseOrThrow(GraderRequestSchema, body === EMPTY_BODY ? undefined : body, ["body"]);
    const actions = parseActions(request.actions);
    const scenario = ctx.catalog.scenario(request.scenario_id);
    if (scenario === undefined) {
      const valid = ctx.catalog.scenarios.map((s) => s.id).join(", ");
      throw new ValidationError([
        {
          type: "value_error",
          loc: ["body", "scenario_id"],
          msg: `unknown scenario '${request.scenario_id}'; valid scenario ids: ${valid}`,
          input: request.scenario_id,
        },
      ]);
    }
    const { breakdown, history } = gradeTrajectory(scenario, actions);
    return c.json({ scenario_id: request.scenario_id, breakdown, history });
  });

  return app;
}

/** Every action validated; all bad ones reported together, each at ["body", "actions", i, ...]. */
function parseActions(raw: unknown[]): Action[] {
  const details: ValidationDetail[] = [];
  const actions: Action[] = [];
  raw.forEach((item, i) => {
    const result = ActionSchema.safeParse(item);
    if (result.success) actions.push(result.data);
    else details.push(...toValidationDetails(result.error.issues, item, ["body", "actions", i]));
  });
  if (details.length > 0) throw new ValidationError(details);
  return actions;
}
