/** Which scenarios an evaluation covers: one scenario, a task's, or all, checked against the catalogue. */
import { parseGeneratedId } from "../generator/generate.js";
import type { Catalog } from "../tasks/catalog.js";

/** An unknown task or scenario id, naming the field it came from. */
export class SelectionError extends Error {
  constructor(
    readonly field: "task_id" | "scenario_id",
    message: string,
  ) {
    super(message);
    this.name = "SelectionError";
  }
}

export interface Selection {
  task_id?: string | undefined;
  scenario_id?: string | undefined;
  /** Generated scenarios by id (gen:<split>:<difficulty>:<seed>), played in this order; generated when played. */
  generated?: readonly string[] | undefined;
}

/**
 * The scenario ids selected, in catalogue order.
 * @throws SelectionError for an unknown id, or a scenario outside the given task.
 */
export function selectScenarios(catalog: Catalog, selection: Selection): string[] {
  if (selection.generated !== undefined) {
    const bad = selection.generated.find((id) => parseGeneratedId(id) === null);
    if (bad !== undefined || catalog.generated === undefined) throw new SelectionError("scenario_id", `'${bad ?? selection.generated[0]}' is not a generated scenario id (gen:<split>:<difficulty>:<seed>)`);
    return [...selection.generated];
  }
  if (selection.task_id !== undefined && catalog.task(selection.task_id) === undefined) {
    throw new SelectionError("task_id", `unknown task '${selection.task_id}'; valid task ids: ${catalog.tasks.map((t) => t.task_id).join(", ")}`);
  }
  if (selection.scenario_id !== undefined) {
    const scenario = catalog.scenario(selection.scenario_id);
    if (scenario === undefined) throw new SelectionError("scenario_id", `unknown scenario '${selection.scenario_id}'; breakfix scenarios (or GET /tasks) lists them`);
    if (selection.task_id !== undefined && scenario.task_id !== selection.task_id) {
      throw new SelectionError("scenario_id", `scenario '${scenario.id}' belongs to task '${scenario.task_id}', not '${selection.task_id}'`);
    }
    return [scenario.id];
  }
  return catalog.scenarios.filter((s) => selection.task_id === undefined || s.task_id === selection.task_id).map((s) => s.id);
}
