/** The generated family as a task: what an agent is told, and the difficulties and splits it draws from. */
import { INSTRUCTIONS } from "../instructions.js";
import type { Task } from "../schema.js";

export const GENERATED_TASK_ID = "generated";

export const GENERATED_DIFFICULTIES = ["easy", "medium", "hard", "expert"] as const;
export type GeneratedDifficulty = (typeof GENERATED_DIFFICULTIES)[number];

/**
 * train and validation draw from the train bases with the train parameter ranges (validation from seeds train
 * never uses: odd seeds train, even seeds validation would leak nothing, but a disjoint seed space is simpler:
 * validation ids are their own family); test draws only test bases and the test parameter ranges.
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
