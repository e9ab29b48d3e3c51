/**
 * What one /ws frame gets: OpenEnv's frame types (reset, step, state, close, mcp) and its MCP step actions
 * (list_tools, call_tool), each answered with exactly one frame through `send`. Errors become OpenEnv's
 * error frames here (VALIDATION_ERROR, EXECUTION_ERROR, ...), so the connection only sequences frames; what
 * a frame came to is returned for the connection's log line and its closing.
 */
import type { z } from "zod";
import { preview, quote } from "../../contracts/quote.js";
import { parseAction, STATE_WHERE } from "../episode-commands.js";
import { HttpError, ValidationError } from "../errors.js";
import { readJsonText } from "../json-text.js";
import { dispatch, type RpcOutcome } from "../mcp/dispatch.js";
import { readRequest, RPC, rpcError, rpcResult } from "../mcp/jsonrpc.js";
import { parseResetRequest, resetErrorMessage } from "../reset-request.js";
import type { Session } from "../session.js";
import { callTool, describeTools } from "../tools/call.js";
import { stepToolResult } from "../tools/wire.js";
import { toValidationDetails } from "../validation.js";
import type { ConnectionContext } from "./connection.js";
import {
  CallToolAction,
  CloseFrame,
  errorFrame,
  ListToolsAction,
  McpFrame,
  mcpFrame,
  observationFrame,
  observationJsonFrame,
  ResetFrame,
  StateFrame,
  stateFrame,
  stateJsonFrame,
  StepFrame,
  validationFrame,
} from "./frames.js";

/** What a frame came to. */
export interface FrameOutcome {
  /** The frame's type as the log names it ("invalid" for one that is not a JSON object). */
  frame: string;
  /** observation, state, done, failed_action, or the error code sent. */
  outcome: string;
  /** Further facts for the log line: the action type, the tool, the JSON-RPC method. */
  noted?: Record<string, string>;
  /** End the session with SESSION_ERROR and this message. */
  close?: string;
  /** Close normally with this reason (the client asked to). */
  closeNormally?: string;
}

type Send = (frame: string) => void;

/** The answer to a frame that failed for a reason no client caused (logged, never detailed). */
export const INTERNAL_ERROR_FRAME = errorFrame("EXECUTION_ERROR", "internal error");

/** Answers one raw frame through `send`; never throws. */
export async function answerFrame(raw: string, session: Session, ctx: ConnectionContext, send: Send): Promise<FrameOutcome> {
  const reading = readJsonText(raw);
  if (!reading.ok) {
    send(errorFrame("INVALID_JSON", `Invalid JSON: ${reading.reason}`));
    return { frame: "invalid", outcome: "INVALID_JSON" };
  }
  const frame = reading.value;
  if (frame === null || typeof frame !== "object" || Array.isArray(frame)) {
    const got = Array.isArray(frame) ? "an array" : preview(frame);
    return { frame: "invalid", outcome: "SESSION_ERROR", close: `a frame must be a JSON object like {"type": "reset"}, got ${got}` };
  }
  const type = (frame as Record<string, unknown>).type ?? "";
  const name = typeof type === "string" ? type.slice(0, 40) : "?";
  try {
    return { frame: name, ...(await answer(frame as Record<string, unknown>, type, session, ctx, send)) };
  } catch (error) {
    if (error instanceof ValidationError) {
      send(validationFrame(error.details));
      return { frame: name, outcome: "VALIDATION_ERROR" };
    }
    if (error instanceof HttpError) {
      send(errorFrame("EXECUTION_ERROR", error.message));
      return { frame: name, outcome: "EXECUTION_ERROR" };
    }
    ctx.logger.error({ err: error, transport: "ws", frame: name }, "ws frame failed");
    send(INTERNAL_ERROR_FRAME);
    return { frame: name, outcome: "internal_error" };
  }
}

async function answer(frame: Record<string, unknown>, type: unknown, session: Session, ctx: ConnectionContext, send: Send): Promise<Omit<FrameOutcome, "frame">> {
  switch (type) {
    case "reset": {
      const { data } = parse(ResetFrame, frame);
      try {
        send(observationJsonFrame(await session.start(parseResetRequest(data, []))));
      } catch (error) {
        // OpenEnv's client raises with the message alone: say there which field is wrong, and what is accepted.
        if (error instanceof ValidationError) {
          send(validationFrame(error.details, resetErrorMessage(error)));
          return { outcome: "VALIDATION_ERROR" };
        }
        throw error;
      }
      return { outcome: "observation" };
    }
    case "step": {
      const { data } = parse(StepFrame, frame);
      if (data.type === "list_tools" || data.type === "call_tool") return mcpAction(data, session, ctx, send);
      const episode = session.episode();
      const action = parseAction(data);
      const step = await episode.step(action, STATE_WHERE.ws());
      send(observationJsonFrame(step.json));
      return { outcome: step.failed ? "failed_action" : step.done ? "done" : "observation", noted: { action_type: action.action_type } };
    }
    case "state": {
      parse(StateFrame, frame);
      const episode = session.activeEpisode;
      // Before the first reset there is no episode; OpenEnv's base State allows a null episode_id.
      send(episode === null ? stateFrame({ episode_id: null, step_count: 0 }) : stateJsonFrame(await episode.state()));
      return { outcome: "state" };
    }
    case "close":
      parse(CloseFrame, frame);
      return { outcome: "closed", closeNormally: "client closed the session" };
    case "mcp": {
      const { data } = parse(McpFrame, frame);
      const { request, error } = readRequest(data);
      if (error) {
        send(mcpFrame(error));
        return { outcome: "rpc_error" };
      }
      const noted = { rpc_method: request.method.slice(0, 100) };
      let outcome: RpcOutcome;
      try {
        outcome = await dispatch(request, { store: ctx.store, catalog: ctx.catalog, pool: ctx.pool, bound: session });
      } catch (error) {
        // A bug: logged, and answered in JSON-RPC's shape, as /mcp answers it.
        ctx.logger.error({ err: error, transport: "ws", frame: "mcp", ...noted }, "ws mcp frame failed");
        send(mcpFrame(rpcError(request.id, RPC.INTERNAL_ERROR, "Internal error")));
        return { outcome: "internal_error", noted };
      }
      const { response } = outcome;
      // A notification gets an empty result here: over /ws every request frame is answered.
      send(mcpFrame(response ?? rpcResult(null, {})));
      const tool: Record<string, string> = request.method === "tools/call" && typeof request.params?.name === "string" ? { tool: request.params.name.slice(0, 100) } : {};
      return { outcome: response !== null && "error" in response ? "rpc_error" : "mcp", noted: { ...noted, ...tool } };
    }
    default:
      send(errorFrame("UNKNOWN_TYPE", `Unknown message type: ${quote(type)}`));
      return { outcome: "UNKNOWN_TYPE" };
  }
}

/** OpenEnv's list_tools and call_tool actions: answered as observations, as its MCPToolClient expects. */
async function mcpAction(data: Record<string, unknown>, session: Session, ctx: ConnectionContext, send: Send): Promise<Omit<FrameOutcome, "frame">> {
  const done = () => session.activeEpisode?.done ?? false;
  if (data.type === "list_tools") {
    parse(ListToolsAction, data);
    const tools = describeTools().map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema }));
    send(observationFrame({ observation: { tools }, reward: null, done: done() }));
    return { outcome: "observation", noted: { action_type: "list_tools" } };
  }
  const action = parse(CallToolAction, data);
  const outcome = await callTool(action.tool_name, action.arguments, { catalog: ctx.catalog, pool: ctx.pool, session });
  const step = outcome.ok ? asStepResult(outcome.data) : null;
  const observation = outcome.ok
    ? { tool_name: action.tool_name, result: stepToolResult(outcome.data), error: null }
    : { tool_name: action.tool_name, result: null, error: { error_type: outcome.errorType, message: outcome.message } };
  send(observationFrame({ observation, reward: step?.reward ?? null, done: step?.done ?? done() }));
  return { outcome: outcome.ok ? "observation" : outcome.errorType, noted: { action_type: "call_tool", tool: action.tool_name.slice(0, 100) } };
}

/** Validates a frame part; its errors are relative to it, as OpenEnv reports them. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(toValidationDetails(result.error.issues, value, []));
}

/** The reward and done of a tool that acted on the episode (the action tools and start_scenario). */
function asStepResult(data: Record<string, unknown>): { reward: number | null; done: boolean } | null {
  if (!("observation" in data) || typeof data.done !== "boolean") return null;
  return { reward: typeof data.reward === "number" ? data.reward : null, done: data.done };
}
