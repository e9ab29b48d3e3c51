/**
 * `breakfix eval`: one agent over the selected scenarios, written as results JSON and a Markdown table, each
 * with the run's provenance (version, commit, date, Node, agent, model, scenarios, seeds); a progress line per
 * finished episode goes to stderr.
 * Agents: the heuristic baseline, the oracle (replays the reference solutions: it reads hidden data, and the
 * table says so), noop (submits at once), and llm (the LLM runner's agent, configured from the environment).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { policy } from "../../baseline/agent-policy.js";
import { benchmark, benchmarkAgent } from "../../baseline/benchmark.js";
import { openAIChat } from "../../baseline/llm/chat.js";
import { llmConfigFrom, LlmConfigError } from "../../baseline/llm/config.js";
import { llmAgent } from "../../baseline/llm/llm-agent.js";
import { comparisonTable, markdownTable, type EvaluationReport } from "../../baseline/report.js";
import { provenanceMarkdown, type Provenance } from "../../baseline/provenance.js";
import { SelectionError, selectScenarios } from "../../baseline/selection.js";
import { servedCatalog } from "../../generator/family.js";
import { choice, parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { integerFlag } from "./numbers.js";
import { episodeProgress } from "./progress.js";
import { runProvenance } from "./provenance.js";
import { EVAL_USAGE } from "./usage.js";

const AGENTS = ["baseline", "oracle", "noop", "llm"] as const;

/** Runs the evaluation, writes DIR/<agent>.json and DIR/<agent>.md with their provenance, prints the table. */
export async function runEval(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    {
      agent: { type: "string" },
      task: { type: "string" },
      scenario: { type: "string" },
      out: { type: "string" },
      concurrency: { type: "string" },
      quiet: { type: "boolean", short: "q" },
    },
    EVAL_USAGE,
    false,
  );
  if (values.help) {
    io.stdout(EVAL_USAGE);
    return EXIT.ok;
  }
  if (values.agent === undefined) throw new UsageError(`--agent is required (${AGENTS.join(", ")}, or several: baseline,oracle,noop)`, EVAL_USAGE);
  const agents = values.agent.split(",").map((a) => choice("agent", a.trim(), AGENTS, "baseline", EVAL_USAGE));
  const concurrency = integerFlag("concurrency", values.concurrency, 1, EVAL_USAGE, 1, 64);
  const selection = { task_id: values.task, scenario_id: values.scenario };
  const catalog = servedCatalog();
  const quiet = values.quiet === true;
  const runs: Array<{ report: EvaluationReport; provenance: Provenance }> = [];
  try {
    const scenarios = selectScenarios(catalog, selection);
    const described = { task_id: selection.task_id, scenario_id: selection.scenario_id, scenarios };
    for (const agent of agents) {
      if (agent === "llm") {
        const config = llmConfigFrom(io.env);
        const label = `llm:${config.model}`;
        const options = { concurrency, onEpisode: episodeProgress(io, label, quiet) };
        const report = await benchmarkAgent(catalog, { label, factory: llmAgent(openAIChat(config), policy), readsHiddenData: false }, selection, options);
        runs.push({ report, provenance: runProvenance({ agent: label, model: config.model, baseUrl: config.baseURL, ...described }) });
      } else {
        const report = await benchmark(catalog, agent, selection, { onEpisode: episodeProgress(io, agent, quiet) });
        runs.push({ report, provenance: runProvenance({ agent, ...described }) });
      }
    }
  } catch (error) {
    if (error instanceof SelectionError) throw new UsageError(error.message, EVAL_USAGE);
    if (error instanceof LlmConfigError) {
      io.stderr(`breakfix eval: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  const dir = path.resolve(io.cwd, values.out ?? "results");
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const write = (file: string, text: string): void => {
    writeFileSync(path.join(dir, file), text);
    written.push(path.join(dir, file));
  };
  const markdown = runs.map(({ report, provenance }) => `${markdownTable(report)}\n${provenanceMarkdown(provenance)}`);
  agents.forEach((agent, i) => {
    const { report, provenance } = runs[i]!;
    write(`${agent}.json`, `${JSON.stringify({ provenance, ...report }, null, 2)}\n`);
    write(`${agent}.md`, markdown[i]!);
  });
  if (runs.length > 1) {
    const together: Provenance = { ...runs[0]!.provenance, agent: runs.map((r) => r.provenance.agent).join(", ") };
    const llm = runs.find((r) => r.provenance.model !== undefined)?.provenance;
    const table = `${comparisonTable(runs.map((r) => r.report))}\n${provenanceMarkdown(llm ? { ...together, model: llm.model!, base_url: llm.base_url! } : together)}`;
    write("comparison.md", table);
    io.stdout(table);
  } else {
    io.stdout(markdown[0]!);
  }
  io.stderr(`wrote ${written.join(", ")}\n`);
  return EXIT.ok;
}
