/**
 * What an agent sees after reset and every step. All fields are named (OpenEnv never transmits
 * `metadata`), and nothing hidden (issue descriptions, solutions, wrong fixes) is ever part of it.
 */
import { z } from "zod";

export const DifficultySchema = z.enum(["easy", "medium", "medium-hard", "hard", "expert"]);
export type Difficulty = z.infer<typeof DifficultySchema>;

export const ScoreBreakdownSchema = z.object({
  score: z.number(),
  issues_fixed: z.number().int(),
  issues_total: z.number().int(),
  fixed_fraction: z.number().describe("f: issues fixed / issues total in the final files"),
  all_fixed: z.boolean(),
  efficiency: z.number().describe("e: 1 while the steps other than inspections are ≤ optimal_steps, falling linearly to 0 at max_steps"),
  steps: z.number().int().describe("every step taken, inspections included (they count toward max_steps)"),
  inspections: z.number().int().describe("inspect actions among the steps; e counts only the other steps"),
  optimal_steps: z.number().int(),
  max_steps: z.number().int(),
  hints_used: z.number().int(),
  failed_actions: z.number().int(),
  components: z.object({
    base: z.number(),
    partial: z.number(),
    complete_bonus: z.number(),
    efficiency: z.number(),
    hint_penalty: z.number(),
    failed_penalty: z.number(),
  }),
  solved: z.boolean().describe("every issue fixed and the pipeline simulation reports no error"),
  violations: z
    .array(z.object({ check: z.string().describe("the intent check that failed, or no-new-errors"), file: z.string(), message: z.string() }))
    .describe("why fixes did not count: suppressions, deleted files, switched-off units, errors no issue accounts for"),
});
export type ScoreBreakdown = z.infer<typeof ScoreBreakdownSchema>;

/**
 * How reset and step answers carry the files: `full` (the default, OpenEnv's shape) sends every file every
 * time; `delta` sends only the files added or changed since the previous observation sent to the episode's
 * client, with the list of every path, for RL loops that keep their own copy. /state is always full.
 */
export const ObservationModeSchema = z.enum(["full", "delta"]);
export type ObservationMode = z.infer<typeof ObservationModeSchema>;

export const ObservationSchema = z.object({
  episode_id: z.string(),
  task_id: z.string(),
  scenario_id: z.string(),
  difficulty: DifficultySchema,
  instructions: z.string(),
  files: z
    .record(z.string(), z.string())
    .describe("path → current content; with observation_mode 'delta', only the files added or changed since the previous observation sent to this episode's client"),
  paths: z
    .array(z.string())
    .optional()
    .describe("observation_mode 'delta' only: every path the repository holds now; a path the client holds that is not here was deleted"),
  file_modes: z.record(z.string(), z.enum(["100644", "100755"])).describe("path → git file mode"),
  error_message: z.string().nullable().describe("log of the first failing stage, or null when the pipeline succeeds"),
  available_secrets: z.array(z.string()).describe("names of the repository secrets that exist"),
  issues_total: z.number().int(),
  issues_fixed: z.number().int(),
  step_count: z.number().int(),
  max_steps: z.number().int(),
  hints_used: z.number().int(),
  hint: z.string().nullable(),
  last_action_error: z.string().nullable().describe("why the last action failed and changed nothing, or null"),
  inspect_output: z
    .string()
    .nullable()
    .describe("what the last inspection printed (or why it was refused), or what the last host command printed; null after any other action"),
  score: z.number().nullable().describe("the grader's score once the episode is done"),
  score_breakdown: ScoreBreakdownSchema.nullable(),
});
export type Observation = z.infer<typeof ObservationSchema>;

/** OpenEnv's answer to reset and step: the observation with reward and done beside it. */
export const StepResultSchema = z.object({
  observation: ObservationSchema,
  reward: z.number().nullable(),
  done: z.boolean(),
});
export type StepResult = z.infer<typeof StepResultSchema>;

/**
 * The state: OpenEnv's State fields (`episode_id`, `step_count`), every observation field as the last answer
 * had it (so the error log, and the score once done, can be read again at any time), and what the episode
 * has done so far (the seed that chose it, done, failures, total reward, the actions, replayable).
 */
export const EpisodeStateSchema = ObservationSchema.extend({
  seed: z.number().int().nullable().describe("the seed that chose the scenario; null when it was chosen by scenario_id"),
  done: z.boolean().describe("whether the episode has ended (submitted, every issue fixed, or max_steps reached)"),
  failed_actions: z.number().int(),
  total_reward: z.number(),
  actions: z.array(z.unknown()).describe("the accepted actions so far, in order (replayable through /grader)"),
});
export type EpisodeState = z.infer<typeof EpisodeStateSchema>;

/** The fields a reset takes; anything else is refused, so a misspelt `task` cannot silently start a random scenario. */
export const ResetRequestSchema = z
  .object({
    task_id: z.string().max(100).optional(),
    scenario_id: z.string().max(100).optional(),
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    episode_id: z.string().min(1).max(255).optional(),
    difficulty: z
      .enum(["easy", "medium", "hard", "expert"])
      .optional()
      .describe("task_id 'generated' or 'generated_host' only: how many faults, across how many layers, masking how deep (drawn from the seed when absent)"),
    split: z
      .enum(["train", "validation", "test"])
      .optional()
      .describe("task_id 'generated' or 'generated_host' only: train (default) and validation draw the train repositories (or host variants); test only held-out ones, with fault parameters train never shows"),
    observation_mode: ObservationModeSchema.optional().describe(
      "full (default): every answer carries every file; delta: each answer carries only the files changed since the previous answer to this episode, plus `paths`, the list of every path (deletions are the paths no longer listed). /state stays full",
    ),
  })
  .strict()
  .describe(
    "Which scenario: scenario_id; else one of task_id's chosen by seed; else one of all by seed (random without a seed). " +
      "task_id 'generated' composes a scenario from seed, difficulty and split, named gen:<split>:<difficulty>:<seed>; task_id 'generated_host' " +
        "a host incident, named gen-host:<split>:<difficulty>:<seed>. Unknown fields are refused.",
  );
export type ResetRequest = z.infer<typeof ResetRequestSchema>;

/** The names a reset accepts, in the order error messages list them. */
export const RESET_FIELDS = Object.keys(ResetRequestSchema.shape) as Array<keyof ResetRequest>;
