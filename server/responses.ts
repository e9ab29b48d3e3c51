/**
 * zod types of the REST answers that the episode types (observation.ts) do not already cover. /openapi.json
 * is generated from them, and the OpenAPI test validates real answers against them, so the published
 * document cannot drift from what the routes send.
 */
import { z } from "zod";
import { ACTION_TYPES } from "../contracts/actions.js";
import { DifficultySchema, ScoreBreakdownSchema } from "../contracts/observation.js";

export const HealthSchema = z.object({ status: z.literal("healthy") });

export const MetadataSchema = z.object({
  name: z.string(),
  description: z.string(),
  readme_content: z.string().nullable(),
  version: z.string(),
  author: z.string().nullable(),
  documentation_url: z.string().nullable(),
});

export const SchemasSchema = z.object({
  action: z.record(z.string(), z.unknown()).describe("JSON Schema of an action"),
  observation: z.record(z.string(), z.unknown()).describe("JSON Schema of an observation, with reward and done"),
  state: z.record(z.string(), z.unknown()).describe("JSON Schema of the state"),
});

const ScenarioViewSchema = z.object({
  scenario_id: z.string(),
  title: z.string(),
  difficulty: DifficultySchema,
  issues_total: z.number().int(),
  kind: z.enum(["repository", "host"]).describe("repository: changed by the edit actions; host: a simulated Linux host, which also takes the host action"),
});

export const TaskViewSchema = z.object({
  task_id: z.string(),
  title: z.string(),
  difficulty: DifficultySchema,
  description: z.string(),
  scenarios: z.array(ScenarioViewSchema),
});

export const TasksSchema = z.object({ tasks: z.array(TaskViewSchema) });

export const InfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  description: z.string(),
  tasks: z.number().int(),
  scenarios: z.number().int(),
  action_types: z.array(z.enum(ACTION_TYPES as [string, ...string[]])),
  scoring: z
    .object({
      base: z.number(),
      partial: z.number(),
      complete: z.number(),
      efficiency: z.number(),
      hint: z.number().describe("what each hint takes off the score"),
      failed: z.number().describe("what each failed action takes off the score"),
      inspect: z.number().describe("what each inspection takes off the score: none; it counts toward max_steps, not toward efficiency's steps"),
      floor: z.number(),
      ceiling: z.number(),
    })
    .describe("the score formula's weights: clamp(base + partial·f + complete·[f = 1] + efficiency·f·e − hint·hints − failed·failed, floor, ceiling)"),
  endpoints: z.array(z.object({ method: z.string(), path: z.string(), summary: z.string() })),
});

const HistoryEntrySchema = z.object({
  step: z.number().int(),
  action_type: z.string(),
  reward: z.number(),
  issues_fixed: z.number().int(),
  last_action_error: z.string().nullable(),
  done: z.boolean(),
});

export const GradeReportSchema = z.object({ scenario_id: z.string(), breakdown: ScoreBreakdownSchema, history: z.array(HistoryEntrySchema) });

/** FastAPI's error answer for 404, 405, 409, 413 and 503. */
export const DetailSchema = z.object({ detail: z.string() });

/** FastAPI's 422 answer. */
export const ValidationErrorSchema = z.object({
  detail: z.array(
    z.object({
      type: z.string(),
      loc: z.array(z.union([z.string(), z.number()])),
      msg: z.string(),
      input: z.unknown(),
      ctx: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
