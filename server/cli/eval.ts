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
import { benchmark, benchmarkAgent, builtinAgent } from "../../baseline/benchmark.js";
import { openAIChat } from "../../baseline/llm/chat.js";
import { llmConfigFrom, LlmConfigError } from "../../baseline/llm/config.js";
import { llmAgent } from "../../baseline/llm/llm-agent.js";
import { comparisonTable, markdownTable, summarise, type EvaluationReport } from "../../baseline/report.js";
import { provenanceMarkdown, type Provenance } from "../../baseline/provenance.js";
import { SelectionError, selectScenarios } from "../../baseline/selection.js";
import { servedCatalog } from "../../generator/family.js";
import { choice, parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { integerFlag } from "./numbers.js";
import { episodeProgress } from "./progress.js";
import { runProvenance } from "./provenance.js";
import { EVAL_USAGE } from "./usage.js";
import { playOnThreads } from "./eval-workers.js";
import { defaultWorkers } from "./cli-worker.js";

/** Episodes per worker thread below which another is not started: a thread's start costs about what 50 episodes do. */
export const EPISODES_PER_EVAL_WORKER = 50;
import type { TurnRecord } from "../../baseline/play.js";
import { GENERATED_DIFFICULTIES, GENERATED_SPLITS } from "../../tasks/generator/task.js";
import { generatedId } from "../../generator/generate.js";

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
      split: { type: "string" },
      difficulty: { type: "string" },
      count: { type: "string" },
      from: { type: "string" },
      jsonl: { type: "boolean" },
      workers: { type: "string" },
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
  const selection = { task_id: values.task, scenario_id: values.scenario, generated: generatedSelection(values) };
  const catalog = servedCatalog();
  const quiet = values.quiet === true;
  const workersFlag = values.workers === undefined ? undefined : integerFlag("workers", values.workers, 1, EVAL_USAGE, 1, 256);
  const runs: Array<{ report: EvaluationReport; provenance: Provenance; turns: TurnRecord[][] }> = [];
  const recorder = (): { turns: TurnRecord[][]; onTurn: (index: number, turn: TurnRecord) => void } => {
    const turns: TurnRecord[][] = [];
    return { turns, onTurn: (index, turn) => void (turns[index] ??= []).push(turn) };
  };
  try {
    const scenarios = selectScenarios(catalog, selection);
    const described = { task_id: selection.task_id, scenario_id: selection.scenario_id, scenarios };
    for (const agent of agents) {
      if (agent === "llm") {
        const config = llmConfigFrom(io.env);
        const label = `llm:${config.model}`;
        const record = recorder();
        const options = { concurrency, onEpisode: episodeProgress(io, label, quiet), onTurn: record.onTurn };
        const report = await benchmarkAgent(catalog, { label, factory: llmAgent(openAIChat(config), policy), readsHiddenData: false }, selection, options);
        runs.push({ report, provenance: runProvenance({ agent: label, model: config.model, baseUrl: config.baseURL, ...described }), turns: record.turns });
      } else {
        const record = recorder();
        const options = { onEpisode: episodeProgress(io, agent, quiet), onTurn: record.onTurn };
        const workers = workersFlag ?? defaultWorkers(scenarios.length, EPISODES_PER_EVAL_WORKER);
        const report =
          workers === 1
            ? await benchmark(catalog, agent, selection, options)
            : summarise(agent, await playOnThreads(agent, scenarios, workers, options), builtinAgent(agent, catalog).readsHiddenData);
        runs.push({ report, provenance: runProvenance({ agent, ...described }), turns: record.turns });
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
    if (values.jsonl === true) write(`${agent}.jsonl`, trajectoryLines(report, runs[i]!.turns));
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

/** The generated scenarios --split/--difficulty/--count/--from select, or undefined when none of them is given. */
function generatedSelection(values: { split?: string; difficulty?: string; count?: string; from?: string; task?: string; scenario?: string }): string[] | undefined {
  if (values.split === undefined && values.difficulty === undefined && values.count === undefined && values.from === undefined) return undefined;
  if (values.task !== undefined || values.scenario !== undefined) throw new UsageError("--split/--difficulty/--count select generated scenarios: not with --task or --scenario", EVAL_USAGE);
  if (values.count === undefined) throw new UsageError("--count is required with --split/--difficulty/--from", EVAL_USAGE);
  const split = choice("split", values.split, GENERATED_SPLITS, "train", EVAL_USAGE);
  const difficulties = values.difficulty === undefined ? GENERATED_DIFFICULTIES : values.difficulty.split(",").map((d) => choice("difficulty", d.trim(), GENERATED_DIFFICULTIES, "easy", EVAL_USAGE));
  const count = integerFlag("count", values.count, 1, EVAL_USAGE, 1, 100_000);
  const from = integerFlag("from", values.from, 0, EVAL_USAGE, 0, Number.MAX_SAFE_INTEGER - 100_000);
  return difficulties.flatMap((difficulty) => Array.from({ length: count }, (_, i) => generatedId({ split, difficulty, seed: from + i })));
}

/**
 * One JSON line per episode: the result and its turns (action, reward, error, issues fixed); `actions` are
 * every action played, failed edits included (they count), which /grader replays with the scenario_id to the
 * same score.
 */
export function trajectoryLines(report: EvaluationReport, turns: readonly (TurnRecord[] | undefined)[]): string {
  return report.episodes
    .map((episode, i) => {
      const played = turns[i] ?? [];
      const actions = played.flatMap((t) => (t.action === null ? [] : [t.action]));
      return `${JSON.stringify({ agent: report.agent, ...episode, actions, turns: played })}\n`;
    })
    .join("");
}
