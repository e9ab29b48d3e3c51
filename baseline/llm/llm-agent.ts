/** An Agent that asks a chat model each turn, through a policy that writes the prompt and reads the reply. */
import type { AgentPolicy, PolicyTurn } from "../agent-policy.js";
import type { AgentFactory, Decision } from "../agent.js";
import type { ChatClient } from "./chat.js";

/**
 * A fresh LLM agent per episode; it remembers its own turns so the policy can show them to the model.
 * A chat call that still fails after the client's retries throws, and the runner ends that episode.
 */
export function llmAgent(chat: ChatClient, policy: AgentPolicy): AgentFactory {
  return () => {
    const history: PolicyTurn[] = [];
    return {
      async act(observation): Promise<Decision> {
        // The engine's verdict on the previous action arrives with this observation.
        const previous = history.at(-1);
        if (previous !== undefined && previous.action !== null) previous.error = observation.last_action_error;
        const reply = await chat.complete(policy.messages(observation, history));
        const parsed = policy.parse(reply);
        history.push({ reply, action: parsed.action, error: parsed.action === null ? parsed.error : null, reward: 0 });
        return parsed;
      },
    };
  };
}
