/**
 * The generated family as part of a catalogue: `withGenerated(catalog)` serves every curated scenario plus
 * the generated ones, which reset (task_id 'generated'), the grader (a `gen:…` scenario_id) and every
 * transport reach the same way as curated ones. Nothing hidden is listed: /tasks shows the family's
 * difficulties and splits, never a scenario's issues.
 */
import type { Catalog, GeneratedFamily, TaskView } from "../tasks/catalog.js";
import { GENERATED_DIFFICULTIES, GENERATED_SPLITS, GENERATED_TASK } from "../tasks/generator/task.js";
import type { GeneratedDifficulty, GeneratedSplit } from "../tasks/generator/task.js";
import { mixSeed } from "../environment/select.js";
import { loadCatalog } from "../tasks/catalog.js";
import { GeneratedScenarios, parseGeneratedId, type GeneratorOptions } from "./generate.js";

const VIEW: TaskView = {
  task_id: GENERATED_TASK.task_id,
  title: GENERATED_TASK.title,
  difficulty: GENERATED_TASK.difficulty,
  description: GENERATED_TASK.description,
  scenarios: [],
  difficulties: GENERATED_DIFFICULTIES,
  splits: GENERATED_SPLITS,
};

export function generatedFamily(options: GeneratorOptions = {}): GeneratedFamily {
  const scenarios = new GeneratedScenarios(options);
  return {
    task: GENERATED_TASK,
    byId: (id) => (parseGeneratedId(id) ? scenarios.byId(id) : undefined),
    draw({ seed, difficulty, split }) {
      // Without a difficulty, the seed picks one: random seeds give every difficulty alike.
      const d = (difficulty ?? GENERATED_DIFFICULTIES[mixSeed(seed) % GENERATED_DIFFICULTIES.length]) as GeneratedDifficulty;
      return scenarios.get({ seed, difficulty: d, split: (split ?? "train") as GeneratedSplit });
    },
  };
}

/** `catalog` with the generated family added. */
export function withGenerated(catalog: Catalog, options: GeneratorOptions = {}): Catalog {
  if (catalog.generated) return catalog;
  const family = generatedFamily(options);
  return {
    tasks: [...catalog.tasks, VIEW],
    scenarios: catalog.scenarios,
    task: (id) => (id === VIEW.task_id ? VIEW : catalog.task(id)),
    taskDefinition: (id) => (id === GENERATED_TASK.task_id ? GENERATED_TASK : catalog.taskDefinition(id)),
    scenario: (id) => catalog.scenario(id) ?? family.byId(id),
    generated: family,
  };
}

let served: Catalog | undefined;

/** The catalogue a server, the CLI and the library serve: the curated scenarios and the generated family. */
export function servedCatalog(): Catalog {
  served ??= withGenerated(loadCatalog());
  return served;
}
