/** The generated family as a task: what an agent is told, and the difficulties and splits it draws from. */
import { INSTRUCTIONS } from "../instructions.js";
import type { Task } from "../schema.js";

export const GENERATED_TASK_ID = "generated";

export const GENERATED_DIFFICULTIES = ["easy", "medium", "hard", "expert"] as const;
export type GeneratedDifficulty = (typeof GENERATED_DIFFICULTIES)[number];

/**
 * The splits, for honest evaluation:
 * - `train`: the train bases, with the injectors' train parameter ranges.
 * - `validation`: the same bases and ranges, under its own seed stream (the generator forks every draw by
 *   split, so `gen:validation:D:n` is not `gen:train:D:n`). It measures generalisation to unseen compositions
 *   of what train shows (in distribution): tune on it. A validation scenario can still repeat a train one by
 *   chance (the same fault on the same variant of a base); `npm run gen:check -- --split validation` reports
 *   how often.
 * - `test`: only the held-out bases (no base, and no Dockerfile, workflow or manifest, shared with train), their
 *   variants drawn from pools train's never use (owners, domains, folders, replicas, timeouts, schedules), and
 *   the injectors' test parameter ranges (typos, values, versions train never draws): out of distribution.
 *   Report on it; never train or tune on it.
 */
export const GENERATED_SPLITS = ["train", "validation", "test"] as const;
export type GeneratedSplit = (typeof GENERATED_SPLITS)[number];

export const GENERATED_TASK: Task = {
  task_id: GENERATED_TASK_ID,
  title: "Generated delivery faults",
  difficulty: "hard",
  description:
    "Scenarios composed by seed from clean repositories and fault injectors: 1 to 5 faults across the Dockerfile, the workflows " +
    "and the manifests, some hidden behind others until the stages before them pass.",
  instructions: INSTRUCTIONS.pipeline,
  scenarios: ["gen:<split>:<difficulty>:<seed>"],
};
