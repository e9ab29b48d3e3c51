/**
 * Grading a trajectory by replay, shared by POST /grader and the grade_trajectory tool: the scenario id and
 * the actions are all it needs; it never trusts rewards or states a client reports. Requests are validated
 * here; the replay runs in the episode pool (a worker thread when there are workers).
 */
import { knowsScenario } from "../environment/select.js";
import { ActionSchema, type Action } from "../contracts/actions.js";
import type { GradeResult } from "../graders/grade.js";
import type { Catalog } from "../tasks/catalog.js";
import { ValidationError, type ValidationDetail } from "./errors.js";
import type { EpisodePool } from "./pool/pool.js";
import { GraderRequestSchema } from "./requests.js";
import { parseOrThrow, toValidationDetails } from "./validation.js";

/** What /grader answers: the scenario, the score breakdown and the per-step history. */
export type GradeReport = { scenario_id: string } & Pick<GradeResult, "breakdown" | "history">;

/** Where grading runs: the catalogue requests are checked against, and the pool that replays. */
export interface GradingContext {
  catalog: Catalog;
  pool: EpisodePool;
}

/**
 * Validates a `{scenario_id, actions}` request and grades it; every error is located under `loc`.
 * @example await gradeRequest({ catalog, pool }, { scenario_id: "typo_filename", actions: [] }, ["body"])
 */
export async function gradeRequest(ctx: GradingContext, raw: unknown, loc: Array<string | number>): Promise<GradeReport> {
  const request = parseOrThrow(GraderRequestSchema, raw, loc);
  const actions = parseActions(request.actions, [...loc, "actions"]);
  if (!knowsScenario(ctx.catalog, request.scenario_id)) {
    const valid = ctx.catalog.scenarios.map((s) => s.id).join(", ");
    throw new ValidationError([
      {
        type: "value_error",
        loc: [...loc, "scenario_id"],
        msg: `unknown scenario '${request.scenario_id}'; valid scenario ids: ${valid}`,
        input: request.scenario_id,
      },
    ]);
  }
  const { breakdown, history } = await ctx.pool.run({ op: "grade", scenarioId: request.scenario_id, actions });
  return { scenario_id: request.scenario_id, breakdown, history };
}

/** Every action validated; all bad ones reported together, each at [...loc, i, ...]. */
function parseActions(raw: unknown[], loc: Array<string | number>): Action[] {
  const details: ValidationDetail[] = [];
  const actions: Action[] = [];
  raw.forEach((item, i) => {
    const result = ActionSchema.safeParse(item);
    if (result.success) actions.push(result.data);
    else details.push(...toValidationDetails(result.error.issues, item, [...loc, i]));
  });
  if (details.length > 0) throw new ValidationError(details);
  return actions;
}
