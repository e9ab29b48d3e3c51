/**
 * What an agent is to breakfix's runners: something that looks at the latest observation and chooses the next
 * action. The heuristic baseline, the oracle, the do-nothing agent and the LLM policy all implement it, so one
 * loop (play.ts) plays them all, in-process or against a server.
 */
import type { Action } from "../contracts/actions.js";
import type { Observation } from "../contracts/observation.js";

/**
 * An agent's choice for one step: an action, or no action with the reason (a model that answered with
 * prose). A step without an action is counted as a failed turn by the runner; the episode goes on.
 */
export type Decision = { action: Action; note?: string } | { action: null; error: string };

/** One agent playing one episode; agents may keep per-episode memory, so the runner makes one per episode. */
export interface Agent {
  /** Chooses the next action from what an agent may see. */
  act(observation: Observation): Decision | Promise<Decision>;
}

/** Makes a fresh agent for each episode. */
export type AgentFactory = () => Agent;

/** The agent that submits at once: the floor every benchmark table shows. */
export const noopAgent: AgentFactory = () => ({ act: () => ({ action: { action_type: "submit" } }) });
