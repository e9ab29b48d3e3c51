/**
 * The generated families as part of a catalogue: `withGenerated(catalog)` serves every curated scenario plus
 * the generated ones, which reset (task_id 'generated', or 'generated_host' for host incidents), the grader
 * (a `gen:…` or `gen-host:…` scenario_id) and every transport reach the same way as curated ones. Nothing hidden is listed: /tasks shows the family's
 * difficulties and splits, never a scenario's issues.
 */
import type { Catalog, GeneratedFamily, TaskView } from "../tasks/catalog.js";
import { GENERATED_DIFFICULTIES, GENERATED_SPLITS, GENERATED_TASK } from "../tasks/generator/task.js";
import type { GeneratedDifficulty, GeneratedSplit } from "../tasks/generator/task.js";
import { mixSeed } from "../environment/select.js";
import { loadCatalog } from "../tasks/catalog.js";
import { GENERATED_HOST_TASK } from "../tasks/generator/host/task.js";
import type { Scenario, Task } from "../tasks/schema.js";
import { GeneratedScenarios, generatedId, parseGeneratedId, type GeneratedId, type GeneratorOptions } from "./generate.js";
import { GeneratedHostScenarios, generatedHostId, parseGeneratedHostId } from "./host-generate.js";

function viewOf(task: Task): TaskView {
  return { task_id: task.task_id, title: task.title, difficulty: task.difficulty, description: task.description, scenarios: [], difficulties: GENERATED_DIFFICULTIES, splits: GENERATED_SPLITS };
}

const VIEW = viewOf(GENERATED_TASK);
const HOST_VIEW = viewOf(GENERATED_HOST_TASK);

/** A family over a cache of its scenarios: ids it parses, draws by seed. */
function family(task: Task, parse: (id: string) => GeneratedId | null, get: (id: GeneratedId) => Scenario, name: (id: GeneratedId) => string): GeneratedFamily {
  const drawn = ({ seed, difficulty, split }: { seed: number; difficulty?: string; split?: string }): GeneratedId => {
    // Without a difficulty, the seed picks one: random seeds give every difficulty alike.
    const d = (difficulty ?? GENERATED_DIFFICULTIES[mixSeed(seed) % GENERATED_DIFFICULTIES.length]) as GeneratedDifficulty;
    return { seed, difficulty: d, split: (split ?? "train") as GeneratedSplit };
  };
  return {
    task,
    byId: (id) => {
      const parsed = parse(id);
      return parsed ? get(parsed) : undefined;
    },
    draw: (request) => get(drawn(request)),
    idOf: (request) => name(drawn(request)),
    names: (id) => parse(id) !== null,
  };
}

export function generatedFamily(options: GeneratorOptions = {}): GeneratedFamily {
  const scenarios = new GeneratedScenarios(options);
  return family(GENERATED_TASK, parseGeneratedId, (id) => scenarios.get(id), generatedId);
}

/** The generated host incidents: task_id 'generated_host', ids `gen-host:<split>:<difficulty>:<seed>`. */
export function generatedHostFamily(): GeneratedFamily {
  const scenarios = new GeneratedHostScenarios();
  return family(GENERATED_HOST_TASK, parseGeneratedHostId, (id) => scenarios.get(id), generatedHostId);
}

/** `catalog` with the generated families added. */
export function withGenerated(catalog: Catalog, options: GeneratorOptions = {}): Catalog {
  if (catalog.generated) return catalog;
  const repositories = generatedFamily(options);
  const hosts = generatedHostFamily();
  const views = new Map([VIEW, HOST_VIEW].map((v) => [v.task_id, v]));
  const tasks = new Map([repositories.task, hosts.task].map((t) => [t.task_id, t]));
  return {
    tasks: [...catalog.tasks, VIEW, HOST_VIEW],
    scenarios: catalog.scenarios,
    task: (id) => views.get(id) ?? catalog.task(id),
    taskDefinition: (id) => tasks.get(id) ?? catalog.taskDefinition(id),
    scenario: (id) => catalog.scenario(id) ?? repositories.byId(id) ?? hosts.byId(id),
    generated: repositories,
    generatedHost: hosts,
  };
}

let served: Catalog | undefined;

/** The catalogue a server, the CLI and the library serve: the curated scenarios and the generated family. */
export function servedCatalog(): Catalog {
  served ??= withGenerated(loadCatalog());
  return served;
}
