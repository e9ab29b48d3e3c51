/**
 * The bodies of breakfix's HTTP requests beyond the episode's own types. /step's envelope follows OpenEnv's
 * StepRequest: the action is checked on its own (its errors are relative to the action, as OpenEnv reports
 * them) and unknown envelope keys are ignored, as OpenEnv does.
 */
import { z } from "zod";
import { MAX_GRADED_ACTIONS } from "../contracts/limits.js";
import { EpisodeRecordSchema } from "../environment/episode-record.js";

export { MAX_GRADED_ACTIONS };

const EpisodeId = z.string().min(1).max(255).describe("the episode to act on; the server's default episode when absent");

/** POST /step. `action` is validated separately with ActionSchema. */
export const StepRequestSchema = z.object({
  action: z.record(z.string(), z.unknown()).describe("one action, see /schema"),
  episode_id: EpisodeId.optional(),
  timeout_s: z.number().gt(0).optional().describe("accepted for OpenEnv clients; a step takes milliseconds"),
  request_id: z.string().max(255).optional().describe("accepted for OpenEnv clients"),
});

/** GET /state query. */
export const StateQuerySchema = z.object({ episode_id: EpisodeId.optional() });

/** DELETE /episodes/{episode_id} path. */
export const EpisodePathSchema = z.object({ episode_id: z.string().min(1).max(255).describe("the episode to close") });

/** DELETE /episodes/{episode_id} answer. */
export const EpisodeClosedSchema = z.object({ episode_id: z.string(), closed: z.literal(true) });

/** GET /episodes/{episode_id}/record answer: which transport played it, and its record (POST /grader replays it). */
export const EpisodeRecordAnswerSchema = z.object({ transport: z.enum(["http", "ws", "mcp"]), record: EpisodeRecordSchema });

/** POST /grader. Strict: this is breakfix's own endpoint, and a misspelt key should be reported, not ignored. */
export const GraderRequestSchema = z
  .object({
    scenario_id: z.string().min(1).max(100),
    actions: z.array(z.unknown()).max(MAX_GRADED_ACTIONS).describe("the trajectory's actions, in order"),
  })
  .strict();
