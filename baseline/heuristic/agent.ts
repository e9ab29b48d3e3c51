/**
 * The heuristic baseline: an honest agent that reads only its observations (the error log, the files, their
 * modes, the secrets' names, and what its inspections printed) and applies the first repair a rule proposes
 * that it has not tried yet. A rule that needs a fact the files do not hold (the memory a pod uses, the
 * IngressClasses installed, where a bundler writes) asks for the inspection that shows it, as an engineer
 * looks before editing; the agent plays it and remembers the answer. When no rule recognises the failure it
 * submits: a baseline that guesses blindly would measure nothing.
 *
 * It never imports tasks/ or graders/ (a test walks its import graph), so it cannot read a scenario's hidden
 * issues, solutions or wrong fixes.
 */
import type { Action } from "../../contracts/actions.js";
import type { Observation } from "../../contracts/observation.js";
import type { Agent, AgentFactory, Decision } from "../agent.js";
import type { RepairRule } from "./rule.js";
import { DOCKERFILE_BUILD_RULES } from "./rules/dockerfile-build.js";
import { DOCKERFILE_RUNTIME_RULES } from "./rules/dockerfile-runtime.js";
import { HOST_RULES } from "./rules/host.js";
import { K8S_RULES } from "./rules/k8s.js";
import { WORKFLOW_RULES } from "./rules/workflow.js";
import { viewOf } from "./view.js";

/** Every rule, most specific first; the first one that proposes an untried action wins. */
export const HEURISTIC_RULES: readonly RepairRule[] = [...WORKFLOW_RULES, ...DOCKERFILE_BUILD_RULES, ...DOCKERFILE_RUNTIME_RULES, ...K8S_RULES, ...HOST_RULES];

/**
 * A fresh heuristic agent for one episode.
 * @example const result = await playEpisode(client, heuristicAgent(), { scenario_id: "typo_filename" });
 */
export const heuristicAgent: AgentFactory = (): Agent => {
  const tried = new Set<string>();
  const inspected = new Map<string, string>();
  let looking: string | null = null;
  return {
    act(observation: Observation): Decision {
      if (looking !== null) inspected.set(looking, observation.inspect_output ?? "");
      looking = null;
      if (observation.error_message === null) return { action: { action_type: "submit" }, note: "the pipeline passes" };
      const view = viewOf(observation, inspected);
      for (const rule of HEURISTIC_RULES) {
        let proposals: Action[];
        try {
          proposals = rule.propose(view);
        } catch {
          // A rule that trips over unusual input must not end the episode; the next rule may still help.
          continue;
        }
        for (const action of proposals) {
          const key = JSON.stringify(action);
          if (tried.has(key)) continue;
          tried.add(key);
          if (action.action_type === "inspect") looking = action.command;
          return { action, note: rule.name };
        }
      }
      return { action: { action_type: "submit" }, note: "no rule recognises this failure" };
    },
  };
};
