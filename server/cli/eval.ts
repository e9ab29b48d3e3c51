/**
 * `breakfix eval`: one agent over the selected scenarios, written as results JSON and a Markdown table.
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
import { SelectionError } from "../../baseline/selection.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { choice, parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { integerFlag } from "./numbers.js";
import { EVAL_USAGE } from "./usage.js";

const AGENTS = ["baseline", "oracle", "noop", "llm"] as const;

/** Runs the evaluation, writes DIR/<agent>.json and DIR/<agent>.md, prints the table. */
export async function runEval(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    { agent: { type: "string" }, task: { type: "string" }, scenario: { type: "string" }, out: { type: "string" }, concurrency: { type: "string" } },
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
  const catalog = loadCatalog();
  const reports: EvaluationReport[] = [];
  try {
    for (const agent of agents) {
      if (agent === "llm") {
        const config = llmConfigFrom(io.env);
        reports.push(await benchmarkAgent(catalog, { label: `llm:${config.model}`, factory: llmAgent(openAIChat(config), policy), readsHiddenData: false }, selection, concurrency));
      } else {
        reports.push(await benchmark(catalog, agent, selection));
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
  agents.forEach((agent, i) => {
    const report = reports[i]!;
    write(`${agent}.json`, `${JSON.stringify(report, null, 2)}\n`);
    write(`${agent}.md`, markdownTable(report));
  });
  if (reports.length > 1) {
    const table = comparisonTable(reports);
    write("comparison.md", table);
    io.stdout(table);
  } else {
    io.stdout(markdownTable(reports[0]!));
  }
  io.stderr(`wrote ${written.join(", ")}\n`);
  return EXIT.ok;
}
