/**
 * POST /baseline: the heuristic agent's results on one scenario, a task's, or all. POST /arena: two action
 * lists on one scenario, both graded by replay, and which did better. Both are pure functions of their input,
 * played in the episode pool (each baseline scenario, and each side of the arena, a task of its own, so they
 * spread over the workers); neither touches the server's sessions.
 */
import { knowsScenario } from "../../environment/select.js";
import { Hono } from "hono";
import { z } from "zod";
import { ActionSchema, type Action } from "../../contracts/actions.js";
import { builtinAgent } from "../../baseline/benchmark.js";
import type { EpisodeResult } from "../../baseline/play.js";
import { summarise, type EvaluationReport } from "../../baseline/report.js";
import { SelectionError } from "../../baseline/selection.js";
import type { GradeResult } from "../../graders/grade.js";
import { baselineReport } from "../baseline-reports.js";
import { EMPTY_BODY, readJsonBody } from "../body.js";
import type { ServerContext } from "../context.js";
import { ValidationError, type ValidationDetail } from "../errors.js";
import { note } from "../observe.js";
import type { EpisodePool } from "../pool/pool.js";
import { MAX_GRADED_ACTIONS } from "../requests.js";
import { parseOrThrow, toValidationDetails } from "../validation.js";

/** POST /baseline. Strict, like /grader: a misspelt key is reported rather than ignored. */
export const BaselineRequestSchema = z
  .object({
    task_id: z.string().min(1).max(100).optional().describe("only this task's scenarios"),
    scenario_id: z.string().min(1).max(100).optional().describe("only this scenario"),
  })
  .strict();

const ContestantSchema = z
  .object({
    label: z.string().min(1).max(100).describe("a name for this trajectory, echoed in the answer"),
    actions: z.array(z.unknown()).max(MAX_GRADED_ACTIONS).describe("the trajectory's actions, in order"),
  })
  .strict();

/** POST /arena. */
export const ArenaRequestSchema = z.object({ scenario_id: z.string().min(1).max(100), a: ContestantSchema, b: ContestantSchema }).strict();

/** The arena's verdict: higher score wins; equal scores go to fewer steps; equal both is a tie. */
export function arenaWinner(a: GradeResult, b: GradeResult): { winner: "a" | "b" | "tie"; reason: string } {
  const [sa, sb] = [a.breakdown.score, b.breakdown.score];
  if (sa !== sb) return { winner: sa > sb ? "a" : "b", reason: `higher score (${Math.max(sa, sb)} vs ${Math.min(sa, sb)})` };
  const [ta, tb] = [a.breakdown.steps, b.breakdown.steps];
  if (ta !== tb) return { winner: ta < tb ? "a" : "b", reason: `equal scores (${sa}); fewer steps (${Math.min(ta, tb)} vs ${Math.max(ta, tb)})` };
  return { winner: "tie", reason: `equal scores (${sa}) and equal steps (${ta})` };
}

/** POST /baseline and POST /arena. */
export function agentRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/baseline", async (c) => {
    const body = await readJsonBody(c, ctx.options.maxBodyBytes);
    // An empty body (or null) means "every scenario", as /reset treats it.
    const request = parseOrThrow(BaselineRequestSchema, body === EMPTY_BODY || body === null ? {} : body, ["body"]);
    let report: Promise<EvaluationReport>;
    try {
      report = baselineReport(ctx.catalog, request, async (scenarioIds) => {
        const results = await baselineEpisodes(ctx.pool, scenarioIds);
        return summarise("baseline", results, builtinAgent("baseline", ctx.catalog).readsHiddenData);
      });
    } catch (error) {
      if (error instanceof SelectionError) {
        throw new ValidationError([{ type: "value_error", loc: ["body", error.field], msg: error.message, input: request[error.field] ?? null }]);
      }
      throw error;
    }
    const answer = await report;
    note(c, { scenarios: answer.episodes.length });
    return c.json(answer);
  });

  app.post("/arena", async (c) => {
    const body = await readJsonBody(c, ctx.options.maxBodyBytes);
    const request = parseOrThrow(ArenaRequestSchema, body === EMPTY_BODY ? undefined : body, ["body"]);
    const details: ValidationDetail[] = [];
    const a = parseActions(request.a.actions, ["body", "a", "actions"], details);
    const b = parseActions(request.b.actions, ["body", "b", "actions"], details);
    const known = knowsScenario(ctx.catalog, request.scenario_id);
    if (!known) {
      details.unshift({
        type: "value_error",
        loc: ["body", "scenario_id"],
        msg: `unknown scenario '${request.scenario_id}'; GET /tasks lists the scenarios`,
        input: request.scenario_id,
      });
    }
    if (details.length > 0 || !known) throw new ValidationError(details);
    const [gradedA, gradedB] = await Promise.all([
      ctx.pool.run({ op: "grade", scenarioId: request.scenario_id, actions: a }),
      ctx.pool.run({ op: "grade", scenarioId: request.scenario_id, actions: b }),
    ]);
    note(c, { scenario_id: request.scenario_id });
    const verdict = arenaWinner(gradedA, gradedB);
    const labelOf = { a: request.a.label, b: request.b.label, tie: null };
    return c.json({
      scenario_id: request.scenario_id,
      winner: verdict.winner,
      winner_label: labelOf[verdict.winner],
      reason: verdict.reason,
      a: { label: request.a.label, ...gradedA },
      b: { label: request.b.label, ...gradedB },
    });
  });

  return app;
}

/**
 * The heuristic agent once on each scenario, in order, as many at once as the pool has workers (one at a
 * time in-process), so a /baseline over every scenario leaves room between its episodes for others' steps.
 */
async function baselineEpisodes(pool: EpisodePool, scenarioIds: readonly string[]): Promise<EpisodeResult[]> {
  const results = new Array<EpisodeResult>(scenarioIds.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let i = next++; i < scenarioIds.length; i = next++) results[i] = await pool.run({ op: "baseline", scenarioId: scenarioIds[i]! });
  };
  await Promise.all(Array.from({ length: Math.max(1, pool.size) }, lane));
  return results;
}

/** Validates each action; bad ones are added to `details` at `loc` + index, so one answer names them all. */
function parseActions(raw: readonly unknown[], loc: Array<string | number>, details: ValidationDetail[]): Action[] {
  const actions: Action[] = [];
  raw.forEach((item, i) => {
    const result = ActionSchema.safeParse(item);
    if (result.success) actions.push(result.data);
    else details.push(...toValidationDetails(result.error.issues, item, [...loc, i]));
  });
  return actions;
}
