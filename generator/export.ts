/**
 * Generated scenarios as training data: one JSON line per scenario with what an agent meets at reset (the
 * instructions, files and modes, the error log, the secrets' names, the step budget), the issues' hints as
 * request_hint would give them, and the oracle trajectory (the reference repair, then submit) for supervised
 * data and replay buffers. Nothing else hidden leaves: no issue descriptions, detections, stages or world.
 */
import { z } from "zod";
import { ActionSchema, type Action } from "../contracts/actions.js";
import { startJudgedEpisode } from "../graders/episodes.js";
import type { Catalog } from "../tasks/catalog.js";
import type { GeneratedDifficulty, GeneratedSplit } from "../tasks/generator/task.js";
import { catalogOf } from "./catalog.js";
import { generatedId, generateScenario, GenerationError, parseGeneratedId } from "./generate.js";

export const ExportLineSchema = z
  .object({
    scenario_id: z.string().describe("gen:<split>:<difficulty>:<seed>; reset with it (or task_id generated and these parts) replays it"),
    task_id: z.literal("generated"),
    split: z.enum(["train", "validation", "test"]),
    difficulty: z.enum(["easy", "medium", "hard", "expert"]),
    seed: z.number().int().min(0),
    instructions: z.string(),
    files: z.record(z.string(), z.string()).describe("path → content at reset"),
    file_modes: z.record(z.string(), z.enum(["100644", "100755"])),
    error_message: z.string().nullable().describe("the log of the first failing stage at reset"),
    available_secrets: z.array(z.string()),
    issues_total: z.number().int().min(1),
    max_steps: z.number().int().min(1),
    optimal_steps: z.number().int().min(1),
    hints: z.array(z.string()).describe("each issue's hint, as request_hint gives them"),
    oracle: z.array(ActionSchema).min(2).describe("the reference repair, ending in submit: scores at least 0.9"),
  })
  .strict();
export type ExportLine = z.infer<typeof ExportLineSchema>;

/** The export line of one generated scenario, from a fresh episode's reset observation. */
export function exportLine(id: { split: GeneratedSplit; difficulty: GeneratedDifficulty; seed: number }): ExportLine {
  const scenario = generateScenario(id);
  const catalog: Catalog = catalogOf(scenario);
  const observation = startJudgedEpisode(catalog, { scenario_id: scenario.id }, "export").observe().observation;
  const oracle: Action[] = [...scenario.solution.filter((a) => a.action_type !== "submit"), { action_type: "submit" }];
  return {
    scenario_id: scenario.id,
    task_id: "generated",
    ...id,
    instructions: observation.instructions,
    files: observation.files,
    file_modes: observation.file_modes,
    error_message: observation.error_message,
    available_secrets: observation.available_secrets,
    issues_total: observation.issues_total,
    max_steps: observation.max_steps,
    optimal_steps: scenario.optimal_steps,
    hints: scenario.issues.map((i) => i.hint),
    oracle,
  };
}

/** Export lines for `count` seeds from `from`, skipping (and reporting) any seed with no scenario. */
export function* exportLines(options: { split: GeneratedSplit; difficulty: GeneratedDifficulty; count: number; from: number; onSkip?: (id: string) => void }): Generator<ExportLine> {
  for (let seed = options.from; seed < options.from + options.count; seed++) {
    const id = { split: options.split, difficulty: options.difficulty, seed };
    try {
      yield exportLine(id);
    } catch (error) {
      if (!(error instanceof GenerationError)) throw error;
      options.onSkip?.(generatedId(id));
    }
  }
}

export { parseGeneratedId };
