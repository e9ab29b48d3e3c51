/** Plays episodes with an LLM agent and writes the [START] / [STEP] / [END] log as it goes. */
import type { AgentPolicy } from "../agent-policy.js";
import type { EpisodeClient, EpisodeRequest } from "../clients/episode-client.js";
import { evaluate } from "../evaluate.js";
import type { EpisodeResult } from "../play.js";
import type { ChatClient } from "./chat.js";
import { llmAgent } from "./llm-agent.js";
import { endLine, startLine, stepLine } from "./log-lines.js";

export interface InferenceOptions {
  client: EpisodeClient;
  chat: ChatClient;
  policy: AgentPolicy;
  /** Shown in [START] lines. */
  model: string;
  episodes: readonly EpisodeRequest[];
  concurrency: number;
  /** Receives each log line, without its newline. */
  write(line: string): void;
}

/**
 * Runs the episodes (episode numbers start at 1, in request order) and returns their results.
 * @example await runInference({ client, chat, policy, model, episodes: [{ scenario_id: "typo_filename" }], concurrency: 1, write: console.log });
 */
export async function runInference(options: InferenceOptions): Promise<EpisodeResult[]> {
  const results = await evaluate({
    client: options.client,
    agent: llmAgent(options.chat, options.policy),
    episodes: options.episodes,
    concurrency: options.concurrency,
    hooks: (index) => ({
      onStart: (observation) => options.write(startLine(index + 1, observation, options.model)),
      onTurn: (_observation, turn) => options.write(stepLine(index + 1, turn)),
      onEnd: (result) => options.write(endLine(index + 1, result)),
    }),
  });
  return results;
}
