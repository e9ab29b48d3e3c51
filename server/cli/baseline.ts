/**
 * `breakfix baseline`: the heuristic agent on one scenario, a task's or all, as a table or JSON, with the run's
 * provenance; a progress line per finished episode goes to stderr.
 */
import { benchmark } from "../../baseline/benchmark.js";
import { provenanceLine } from "../../baseline/provenance.js";
import { textTable } from "../../baseline/report.js";
import { SelectionError } from "../../baseline/selection.js";
import { servedCatalog } from "../../generator/family.js";
import { choice, parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { episodeProgress } from "./progress.js";
import { runProvenance } from "./provenance.js";
import { BASELINE_USAGE } from "./usage.js";

/** Plays the heuristic baseline in-process and prints per-scenario scores, per-task means and the overall mean. */
export async function runBaseline(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    { task: { type: "string" }, scenario: { type: "string" }, format: { type: "string" }, quiet: { type: "boolean", short: "q" } },
    BASELINE_USAGE,
    false,
  );
  if (values.help) {
    io.stdout(BASELINE_USAGE);
    return EXIT.ok;
  }
  const format = choice("format", values.format, ["table", "json"] as const, "table", BASELINE_USAGE);
  const selection = { task_id: values.task, scenario_id: values.scenario };
  try {
    const report = await benchmark(servedCatalog(), "baseline", selection, { onEpisode: episodeProgress(io, "baseline", values.quiet === true) });
    const provenance = runProvenance({ agent: "baseline", ...selection, scenarios: report.episodes.map((e) => e.scenario_id) });
    io.stdout(format === "json" ? `${JSON.stringify({ provenance, ...report }, null, 2)}\n` : `${textTable(report)}\n${provenanceLine(provenance)}\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof SelectionError) throw new UsageError(error.message, BASELINE_USAGE);
    throw error;
  }
}
