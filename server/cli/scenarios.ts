/** `breakfix scenarios`: the tasks and their scenarios, as a table or as /tasks's JSON. */
import type { TaskView } from "../../tasks/catalog.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { choice, parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { SCENARIOS_USAGE } from "./usage.js";

/** Lists every task (or one, with --task); exit 2 for an unknown task id. */
export function runScenarios(args: string[], io: CliIO): number {
  const { values } = parseCommandArgs(args, { task: { type: "string" }, format: { type: "string" } }, SCENARIOS_USAGE, false);
  if (values.help) {
    io.stdout(SCENARIOS_USAGE);
    return EXIT.ok;
  }
  const format = choice("format", values.format, ["text", "json"] as const, "text", SCENARIOS_USAGE);
  const catalog = loadCatalog();
  let tasks: readonly TaskView[] = catalog.tasks;
  if (values.task !== undefined) {
    const task = catalog.task(values.task);
    if (task === undefined) {
      const valid = catalog.tasks.map((t) => t.task_id).join(", ");
      throw new UsageError(`unknown task '${values.task}'; valid task ids: ${valid}`, SCENARIOS_USAGE);
    }
    tasks = [task];
  }
  io.stdout(format === "json" ? `${JSON.stringify({ tasks }, null, 2)}\n` : formatTasks(tasks));
  return EXIT.ok;
}

/** One heading per task, one aligned line per scenario. */
export function formatTasks(tasks: readonly TaskView[]): string {
  const width = Math.max(0, ...tasks.flatMap((t) => t.scenarios.map((s) => s.scenario_id.length)));
  const lines: string[] = [];
  for (const task of tasks) {
    lines.push(`${task.task_id} (${task.difficulty}): ${task.title}`);
    for (const s of task.scenarios) {
      const issues = `${s.issues_total} issue${s.issues_total === 1 ? "" : "s"}`;
      lines.push(`  ${s.scenario_id.padEnd(width)}  ${s.difficulty.padEnd(11)}  ${issues.padEnd(8)}  ${s.title}`);
    }
  }
  const count = tasks.reduce((n, t) => n + t.scenarios.length, 0);
  lines.push("", `${tasks.length} task${tasks.length === 1 ? "" : "s"}, ${count} scenario${count === 1 ? "" : "s"}`);
  return `${lines.join("\n")}\n`;
}
