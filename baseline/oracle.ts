/**
 * The oracle: replays each scenario's own reference solution, then submits. It reads hidden scenario data on
 * purpose, as the upper reference a benchmark table shows beside real agents (and says so in a footnote).
 */
import type { Action } from "../contracts/actions.js";
import type { Catalog } from "../tasks/catalog.js";
import type { AgentFactory } from "./agent.js";

/** An oracle over `catalog`'s scenarios. */
export function oracleAgent(catalog: Catalog): AgentFactory {
  return () => ({
    act(observation) {
      const solution = catalog.scenario(observation.scenario_id)?.solution ?? [];
      const next: Action = solution[observation.step_count] ?? { action_type: "submit" };
      return { action: next };
    },
  });
}
