/** A catalogue that holds one generated scenario and the generated task: what the grader replays it in. */
import type { Catalog } from "../tasks/catalog.js";
import { GENERATED_HOST_TASK } from "../tasks/generator/host/task.js";
import { GENERATED_TASK } from "../tasks/generator/task.js";
import type { Scenario } from "../tasks/schema.js";

export function catalogOf(scenario: Scenario): Catalog {
  return {
    tasks: [],
    scenarios: [scenario],
    task: () => undefined,
    taskDefinition: (id) => [GENERATED_TASK, GENERATED_HOST_TASK].find((t) => t.task_id === id),
    scenario: (id) => (id === scenario.id ? scenario : undefined),
  };
}
