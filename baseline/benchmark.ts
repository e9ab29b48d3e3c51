/** The built-in agents' evaluations over the catalogue, in-process: what /baseline and `breakfix eval` run. */
import type { Catalog } from "../tasks/catalog.js";
import { noopAgent, type AgentFactory } from "./agent.js";
import { inProcessClient } from "./clients/in-process.js";
import { evaluate } from "./evaluate.js";
import { heuristicAgent } from "./heuristic/agent.js";
import { oracleAgent } from "./oracle.js";
import type { EpisodeResult, TurnRecord } from "./play.js";
import { summarise, type EvaluationReport } from "./report.js";
import { selectScenarios, type Selection } from "./selection.js";

export type BuiltinAgent = "baseline" | "oracle" | "noop";
export const BUILTIN_AGENTS: readonly BuiltinAgent[] = ["baseline", "oracle", "noop"];

/** The agent factory for a built-in agent name, and whether it reads hidden data. */
export function builtinAgent(name: BuiltinAgent, catalog: Catalog): { factory: AgentFactory; readsHiddenData: boolean } {
  switch (name) {
    case "baseline":
      return { factory: heuristicAgent, readsHiddenData: false };
    case "oracle":
      return { factory: oracleAgent(catalog), readsHiddenData: true };
    case "noop":
      return { factory: noopAgent, readsHiddenData: false };
  }
}

/** How a benchmark runs: episodes at once, and who is told as each episode finishes (a progress line). */
export interface BenchmarkOptions {
  concurrency?: number;
  /** Called once per finished episode, in the order they finish, with how many have finished of how many. */
  onEpisode?: (result: EpisodeResult, finished: number, total: number) => void;
  /** Called on every turn, with the 0-based index of its episode among the selected scenarios. */
  onTurn?: (index: number, turn: TurnRecord) => void;
}

/**
 * Plays a built-in agent once on every selected scenario, in-process, and summarises.
 * @throws SelectionError for unknown ids
 * @example const report = await benchmark(loadCatalog(), "baseline", { task_id: "dockerfile_syntax" });
 */
export function benchmark(catalog: Catalog, agent: BuiltinAgent, selection: Selection = {}, options: BenchmarkOptions = {}): Promise<EvaluationReport> {
  const chosen = builtinAgent(agent, catalog);
  return benchmarkAgent(catalog, { label: agent, ...chosen }, selection, options);
}

/** Any agent (an LLM's too) once on every selected scenario, in-process, summarised under `label`. */
export async function benchmarkAgent(
  catalog: Catalog,
  agent: { label: string; factory: AgentFactory; readsHiddenData: boolean },
  selection: Selection = {},
  options: BenchmarkOptions = {},
): Promise<EvaluationReport> {
  const ids = selectScenarios(catalog, selection);
  let finished = 0;
  const onEnd = (result: EpisodeResult): void => options.onEpisode?.(result, ++finished, ids.length);
  const results = await evaluate({
    client: inProcessClient(catalog),
    agent: agent.factory,
    episodes: ids.map((scenario_id) => ({ scenario_id })),
    concurrency: options.concurrency ?? 1,
    hooks: (index) => ({ onEnd, onTurn: (_, turn) => options.onTurn?.(index, turn) }),
  });
  return summarise(agent.label, results, agent.readsHiddenData);
}
