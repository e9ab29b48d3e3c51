/**
 * breakfix's tools: a whole episode as function calls (list the tasks, start a scenario, read the files, one
 * tool per action type, a hint, submit, grade a trajectory). MCP over /mcp, MCP frames on /ws and OpenEnv's
 * list_tools / call_tool step actions all serve this one table. Input schemas are zod types (the action
 * tools reuse the action schemas), so validation, TypeScript types and the published JSON Schemas agree.
 * Names avoid `reset`, `step`, `state` and `close`, which OpenEnv reserves.
 */
import { z } from "zod";
import { ActionSchema } from "../../contracts/actions.js";
import { MAX_PATH_CHARS } from "../../contracts/limits.js";
import { cut } from "../../contracts/quote.js";
import { lineCount } from "../../environment/lines.js";
import { ResetRequestSchema, type StepResult } from "../../contracts/observation.js";
import type { Catalog } from "../../tasks/catalog.js";
import { parseAction, STATE_WHERE } from "../episode-commands.js";
import { HttpError, type ValidationDetail } from "../errors.js";
import { gradeRequest } from "../grading.js";
import type { EpisodePool } from "../pool/pool.js";
import { withAcceptedFields } from "../reset-request.js";
import type { Session } from "../session.js";

/** What a tool may use: the catalogue, the pool that grades, and the caller's session when it has one. */
export interface ToolContext {
  catalog: Catalog;
  pool: EpisodePool;
  session: Session | null;
}

/** A tool's plain result: what OpenEnv clients get as `data` and MCP clients as `structuredContent`. */
export type ToolData = Record<string, unknown>;

/** One tool: its published description and input schema, and what it does. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  /** True for tools that only read; published as MCP's readOnlyHint. */
  readOnly: boolean;
  /** Adds to a validation detail what the caller needs to fix it (the fields a reset accepts). */
  explain?: (detail: ValidationDetail) => ValidationDetail;
  run(args: Record<string, unknown>, ctx: ToolContext): ToolData | Promise<ToolData>;
}

/** The session's episode, or an error saying how to get one. */
function sessionOf(ctx: ToolContext): Session {
  if (ctx.session === null) {
    throw new HttpError(
      409,
      "this tool acts on an episode and the request carries no session: initialize (Mcp-Session-Id) or call " +
        "openenv/session/create and pass its session_id, then call start_scenario",
    );
  }
  return ctx.session;
}

/** The pool's JSON as a tool result (MCP answers carry it as data, structuredContent and text alike). */
const asData = (json: string): ToolData => JSON.parse(json) as ToolData;

const StartScenarioInput = ResetRequestSchema.describe(
  "Which scenario: scenario_id; else one from task_id chosen by seed; else one of all by seed (random without a seed)",
);

const ViewFilesInput = z
  .object({ file_path: z.string().min(1).max(MAX_PATH_CHARS).optional().describe("one file to show; all files when absent") })
  .strict();

const GradeInput = z
  .object({
    scenario_id: z.string().min(1).max(100),
    actions: z.array(z.record(z.string(), z.unknown())).max(500).describe("the trajectory's actions in order, each as in /schema"),
  })
  .strict();

/** One tool per action type: the action's fields without `action_type` (the tool name says it) and `metadata`. */
const actionTools: ToolDefinition[] = ActionSchema.options.map((option) => {
  const actionType = option.shape.action_type.value;
  return {
    name: actionType,
    title: option.description ?? actionType,
    description: `${option.description ?? actionType}. Acts on the episode started with start_scenario; returns {observation, reward, done}. A failed edit changes nothing and says why in observation.last_action_error.`,
    // The options' shapes differ, so TypeScript cannot call omit on their union; each has both keys.
    input: (option as z.ZodObject).omit({ action_type: true, metadata: true } as Record<string, true>),
    readOnly: false,
    run: async (args, ctx) => {
      const episode = sessionOf(ctx).episode();
      return asData((await episode.step(parseAction({ ...args, action_type: actionType }), STATE_WHERE.tool())).json);
    },
  };
});

/** Every tool, in the order tools/list publishes them. */
export const TOOLS: readonly ToolDefinition[] = [
  {
    name: "list_tasks",
    title: "List tasks and scenarios",
    description: "The tasks and their scenarios (ids, titles, difficulty, number of issues). Nothing hidden.",
    input: z.object({}).strict(),
    readOnly: true,
    run: (_args, ctx) => ({ tasks: ctx.catalog.tasks }),
  },
  {
    name: "start_scenario",
    title: "Start a scenario",
    description:
      "Start an episode in this session (replacing any earlier one) and return its first observation: the broken " +
      "files, the failing pipeline log, the instructions. Same seed, same scenario.",
    input: StartScenarioInput,
    readOnly: false,
    explain: (detail) => withAcceptedFields(detail, 0),
    run: async (args, ctx) => asData(await sessionOf(ctx).start(args)),
  },
  {
    name: "get_observation",
    title: "Current observation",
    description: "The episode's current observation (files, error_message, progress, hint, score once done) without acting.",
    input: z.object({}).strict(),
    readOnly: true,
    run: async (_args, ctx) => asData(await sessionOf(ctx).episode().observe()),
  },
  {
    name: "view_files",
    title: "View files",
    description: "The repository's current files (path → content), or one file with its content and line count.",
    input: ViewFilesInput,
    readOnly: true,
    run: (args, ctx) => viewFiles(sessionOf(ctx), args.file_path as string | undefined),
  },
  ...actionTools,
  {
    name: "get_episode_state",
    title: "Episode state",
    description:
      "The episode's state: the current observation (files, error_message, issues fixed, score and breakdown once done) " +
      "with the seed, done, failed actions, total reward and the actions so far (replayable with grade_trajectory).",
    input: z.object({}).strict(),
    readOnly: true,
    run: async (_args, ctx) => asData(await sessionOf(ctx).episode().state()),
  },
  {
    name: "grade_trajectory",
    title: "Grade a trajectory",
    description: "Score a list of actions on a scenario by replaying them from its start (as POST /grader): breakdown and per-step history.",
    input: GradeInput,
    readOnly: true,
    run: async (args, ctx) => (await gradeRequest(ctx, args, [])) as unknown as ToolData,
  },
];

async function viewFiles(session: Session, filePath: string | undefined): Promise<ToolData> {
  const files = (JSON.parse(await session.episode().observe()) as StepResult).observation.files;
  if (filePath === undefined) return { files };
  // Own keys only: a path such as `toString` or `__proto__` names a file or nothing, never an inherited property.
  const content = Object.hasOwn(files, filePath) ? files[filePath] : undefined;
  if (content === undefined) {
    throw new HttpError(404, `no file '${filePath}' in the repository; files: ${cut(Object.keys(files).join(", "), 1000)}`);
  }
  return { file_path: filePath, content, lines: lineCount(content) };
}
