/** `breakfix baseline`: the heuristic agent on one scenario, a task's or all, as a table or JSON. */
import { benchmark } from "../../baseline/benchmark.js";
import { textTable } from "../../baseline/report.js";
import { SelectionError } from "../../baseline/selection.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { choice, parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { BASELINE_USAGE } from "./usage.js";

/** Plays the heuristic baseline in-process and prints per-scenario scores, per-task means and the overall mean. */
export async function runBaseline(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(args, { task: { type: "string" }, scenario: { type: "string" }, format: { type: "string" } }, BASELINE_USAGE, false);
  if (values.help) {
    io.stdout(BASELINE_USAGE);
    return EXIT.ok;
  }
  const format = choice("format", values.format, ["table", "json"] as const, "table", BASELINE_USAGE);
  try {
    const report = await benchmark(loadCatalog(), "baseline", { task_id: values.task, scenario_id: values.scenario });
    io.stdout(format === "json" ? `${JSON.stringify(report, null, 2)}\n` : textTable(report));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof SelectionError) throw new UsageError(error.message, BASELINE_USAGE);
    throw error;
  }
}
