/**
 * /baseline's reports, each computed once. The heuristic agent and the simulators are deterministic, so the
 * report of a selection never changes for a catalogue; running all fifty scenarios takes seconds, and
 * without this any client could ask for it again and again. Only valid selections are kept (an unknown id
 * is refused before anything is stored), so the cache holds at most one report per task, per scenario and
 * one for everything.
 */
import type { EvaluationReport } from "../baseline/report.js";
import { selectScenarios, type Selection } from "../baseline/selection.js";
import type { Catalog } from "../tasks/catalog.js";

const reports = new WeakMap<Catalog, Map<string, Promise<EvaluationReport>>>();

/**
 * The heuristic agent's report on `selection` of `catalog`, computed by `compute` over the selected scenarios
 * the first time it is asked for.
 * @throws SelectionError for an unknown task or scenario, or a scenario outside the task.
 */
export function baselineReport(
  catalog: Catalog,
  selection: Selection,
  compute: (scenarioIds: string[]) => Promise<EvaluationReport>,
): Promise<EvaluationReport> {
  const scenarioIds = selectScenarios(catalog, selection);
  let byKey = reports.get(catalog);
  if (byKey === undefined) reports.set(catalog, (byKey = new Map()));
  const key = JSON.stringify([selection.task_id ?? null, selection.scenario_id ?? null]);
  let report = byKey.get(key);
  if (report === undefined) {
    report = compute(scenarioIds);
    byKey.set(key, report);
    // A run that failed is not remembered: the next request tries again.
    report.catch(() => byKey.delete(key));
  }
  return report;
}
