/**
 * Every task and scenario, loaded and validated once. Public views (TaskView) carry nothing hidden: no issue
 * descriptions, hints, solutions or wrong fixes.
 */
import { HOST_STATE_PATH } from "../simulators/host/state.js";
import { BASES } from "./bases/index.js";
import { loadScenario } from "./load.js";
import type { Scenario, Task } from "./schema.js";
import { ScenarioSourceSchema, TaskSchema } from "./schema.js";
import { SCENARIO_SOURCES } from "./scenarios.js";
import { TASKS } from "./tasks.js";

export interface ScenarioView {
  scenario_id: string;
  title: string;
  difficulty: Task["difficulty"];
  issues_total: number;
  /** What the scenario is played on: a repository (edits only), or a simulated Linux host that also takes the host action. */
  kind: "repository" | "host";
}

export interface TaskView {
  task_id: string;
  title: string;
  difficulty: Task["difficulty"];
  description: string;
  scenarios: ScenarioView[];
  /** A generated family: the difficulties and splits a reset may ask for (its scenarios are made on demand). */
  difficulties?: readonly string[];
  splits?: readonly string[];
}

/** Scenarios made on demand from a seed, a difficulty and a split, each named by the id that rebuilds it. */
export interface GeneratedFamily {
  readonly task: Task;
  /** The scenario an id names (`gen:<split>:<difficulty>:<seed>`, `gen-host:…`), or undefined for an id that is not one. */
  byId(id: string): Scenario | undefined;
  /** The scenario of a seed, a difficulty (drawn from the seed when absent) and a split (train when absent). */
  draw(request: { seed: number; difficulty?: string; split?: string }): Scenario;
  /**
   * The id of the scenario `draw` gives for `request`, without generating it: a server's main thread names an
   * episode's scenario by it, and the worker that plays the episode generates the scenario.
   */
  idOf(request: { seed: number; difficulty?: string; split?: string }): string;
  /** Whether `id` names one of the family's scenarios (by its form alone: nothing is generated). */
  names(id: string): boolean;
}

export interface Catalog {
  readonly tasks: readonly TaskView[];
  readonly scenarios: readonly Scenario[];
  task(id: string): TaskView | undefined;
  /** The task's definition, with its instructions. */
  taskDefinition(id: string): Task | undefined;
  scenario(id: string): Scenario | undefined;
  /** The generated family, when this catalogue serves one. */
  readonly generated?: GeneratedFamily;
  /** The generated host incidents (`gen-host:` ids), when this catalogue serves them. */
  readonly generatedHost?: GeneratedFamily;
}

function build(): Catalog {
  const bases = new Map(BASES.map((b) => [b.id, b]));
  const byId = new Map<string, Scenario>();
  for (const source of SCENARIO_SOURCES) {
    const scenario = loadScenario(ScenarioSourceSchema.parse(source), bases);
    if (byId.has(scenario.id)) throw new Error(`duplicate scenario id ${scenario.id}`);
    byId.set(scenario.id, scenario);
  }
  const tasks = TASKS.map((t) => TaskSchema.parse(t));
  const views: TaskView[] = [];
  const definitions = new Map<string, Task>();
  const scenarios: Scenario[] = [];
  for (const task of tasks) {
    const members = task.scenarios.map((id) => {
      const s = byId.get(id);
      if (!s) throw new Error(`task ${task.task_id} lists unknown scenario ${id}`);
      if (s.task_id !== task.task_id) throw new Error(`scenario ${id} belongs to ${s.task_id}, not ${task.task_id}`);
      return s;
    });
    scenarios.push(...members);
    definitions.set(task.task_id, task);
    views.push({
      task_id: task.task_id,
      title: task.title,
      difficulty: task.difficulty,
      description: task.description,
      scenarios: members.map((s) => ({ scenario_id: s.id, title: s.title, difficulty: s.difficulty, issues_total: s.issues.length, kind: HOST_STATE_PATH in s.files ? "host" : "repository" })),
    });
  }
  const orphan = [...byId.keys()].filter((id) => !scenarios.some((s) => s.id === id));
  if (orphan.length > 0) throw new Error(`scenarios in no task: ${orphan.join(", ")}`);
  return {
    tasks: views,
    scenarios,
    task: (id) => views.find((v) => v.task_id === id),
    taskDefinition: (id) => definitions.get(id),
    scenario: (id) => byId.get(id),
  };
}

let cached: Catalog | undefined;

/** The catalogue, built on first use. Throws if any scenario is invalid: a broken catalogue must not serve. */
export function loadCatalog(): Catalog {
  cached ??= build();
  return cached;
}
