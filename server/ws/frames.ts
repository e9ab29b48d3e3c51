/**
 * The frames of OpenEnv's /ws protocol. Incoming frames are validated as OpenEnv's pydantic models are
 * (unknown top-level keys rejected, `data` an object where one is expected), so a client gets the same
 * VALIDATION_ERROR for the same mistake; outgoing frames are built here and nowhere else.
 */
import { z } from "zod";
import type { ValidationDetail } from "../errors.js";

const Data = z.record(z.string(), z.unknown());
const Metadata = z.record(z.string(), z.unknown()).optional();

/** `{type: "reset", data?}`: data is reset's arguments (task_id, scenario_id, seed, episode_id; nothing else). */
export const ResetFrame = z.object({ type: z.literal("reset"), data: Data.default({}) }).strict();
/** `{type: "step", data}`: data is the action itself, not wrapped. */
export const StepFrame = z.object({ type: z.literal("step"), data: Data }).strict();
/** `{type: "state"}`: the episode's state. */
export const StateFrame = z.object({ type: z.literal("state") }).strict();
/** `{type: "close"}`: no answer; the server closes the socket. */
export const CloseFrame = z.object({ type: z.literal("close") }).strict();
/** `{type: "mcp", data}`: data is a JSON-RPC request. */
export const McpFrame = z.object({ type: z.literal("mcp"), data: Data }).strict();

/** OpenEnv's MCP step actions, which its MCPToolClient sends as `step` data. */
export const ListToolsAction = z.object({ type: z.literal("list_tools"), metadata: Metadata }).strict();
/** `{type: "call_tool", tool_name, arguments}`, answered as an observation `{tool_name, result, error}`. */
export const CallToolAction = z
  .object({ type: z.literal("call_tool"), tool_name: z.string(), arguments: Data.default({}), metadata: Metadata })
  .strict();

/** OpenEnv's WS error codes (FACTORY_ERROR cannot happen: starting a breakfix session builds nothing that can fail). */
export type WsErrorCode = "INVALID_JSON" | "UNKNOWN_TYPE" | "VALIDATION_ERROR" | "EXECUTION_ERROR" | "CAPACITY_REACHED" | "SESSION_ERROR";

/** An error frame; `extra` carries `errors` for VALIDATION_ERROR and the counts for CAPACITY_REACHED. */
export function errorFrame(code: WsErrorCode, message: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ type: "error", data: { message, code, ...extra } });
}

/** The VALIDATION_ERROR frame, with pydantic-style details as OpenEnv sends them; OpenEnv's message unless told. */
export const validationFrame = (errors: ValidationDetail[], message = "Invalid message"): string => errorFrame("VALIDATION_ERROR", message, { errors });

/** `{type: "observation", data: {observation, reward, done}}`. */
export const observationFrame = (data: { observation: unknown; reward: number | null; done: boolean }): string =>
  JSON.stringify({ type: "observation", data });

/** An observation frame around a StepResult that is JSON already (the episode pool's answer). */
export const observationJsonFrame = (json: string): string => `{"type":"observation","data":${json}}`;

/** A state frame around a state that is JSON already. */
export const stateJsonFrame = (json: string): string => `{"type":"state","data":${json}}`;

/** `{type: "state", data}`. */
export const stateFrame = (data: unknown): string => JSON.stringify({ type: "state", data });

/** `{type: "mcp", data: <JSON-RPC answer>}`. */
export const mcpFrame = (data: unknown): string => JSON.stringify({ type: "mcp", data });
