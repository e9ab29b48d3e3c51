/**
 * The JSON Schemas /schema serves, generated from the same zod types that validate requests, so the published
 * contract cannot drift from what the server accepts. The observation schema is OpenEnv's shape: the
 * observation's fields plus `reward` and `done`.
 */
import { z } from "zod";
import { ActionSchema } from "../contracts/actions.js";
import { EpisodeStateSchema, ObservationSchema } from "../contracts/observation.js";

export interface EnvironmentSchemas {
  action: Record<string, unknown>;
  observation: Record<string, unknown>;
  state: Record<string, unknown>;
}

let cached: EnvironmentSchemas | undefined;

/** The three schemas OpenEnv's `/schema` returns; computed once. */
export function environmentSchemas(): EnvironmentSchemas {
  cached ??= {
    // The action as a client writes it (io: input), e.g. optional metadata stays optional.
    action: z.toJSONSchema(ActionSchema, { io: "input" }) as Record<string, unknown>,
    observation: z.toJSONSchema(
      ObservationSchema.extend({
        reward: z.number().nullable().describe("reward of the last action; null after reset"),
        done: z.boolean().describe("whether the episode has ended"),
      }),
    ) as Record<string, unknown>,
    state: z.toJSONSchema(EpisodeStateSchema) as Record<string, unknown>,
  };
  return cached;
}
