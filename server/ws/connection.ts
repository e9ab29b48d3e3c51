/**
 * One /ws connection: OpenEnv's frame protocol over one private session. Every request frame gets exactly
 * one answer frame, in order: frames are handled synchronously as they arrive (an episode step takes a few
 * milliseconds), so no answer can overtake another. Errors keep the session open, except SESSION_ERROR (a
 * frame that is not a JSON object, or the session expiring), after which the socket is closed, as OpenEnv does.
 *
 * The logic knows nothing of sockets: it writes to a FrameSink, so it can be driven directly in tests.
 */
import type { z } from "zod";
import type { Catalog } from "../../tasks/catalog.js";
import { STATE_WHERE, stepEpisode } from "../episode-commands.js";
import { preview, quote } from "../../contracts/quote.js";
import { HttpError, ValidationError, type ErrorLogger } from "../errors.js";
import { readJsonText } from "../json-text.js";
import { dispatch } from "../mcp/dispatch.js";
import { readRequest, RPC, rpcError, rpcResult } from "../mcp/jsonrpc.js";
import { parseResetRequest, resetErrorMessage } from "../reset-request.js";
import type { Session } from "../session.js";
import type { SessionStore } from "../sessions.js";
import { callTool, describeTools } from "../tools/call.js";
import { stepToolResult } from "../tools/wire.js";
import { toValidationDetails } from "../validation.js";
import {
  CallToolAction,
  CloseFrame,
  errorFrame,
  ListToolsAction,
  McpFrame,
  mcpFrame,
  observationFrame,
  ResetFrame,
  StateFrame,
  stateFrame,
  StepFrame,
  validationFrame,
} from "./frames.js";

/** Where a connection writes: the socket, or a test's array. */
export interface FrameSink {
  send(frame: string): void;
  close(code: number, reason: string): void;
}

/** What a connection needs from the app: the sessions, the catalogue, where to log bugs. */
export interface ConnectionContext {
  store: SessionStore;
  catalog: Catalog;
  logError: ErrorLogger;
}

/** The answer to a frame that failed for a reason no client caused (logged, never detailed). */
const INTERNAL_ERROR_FRAME = errorFrame("EXECUTION_ERROR", "internal error");

/** WebSocket close code for a normal close; OpenEnv closes with it in every case. */
export const NORMAL_CLOSURE = 1000;

/** The frame protocol of one connection over `session`. */
export class EpisodeConnection {
  private open = true;

  /**
   * @param owned whether the connection owns the session (it opened it) and ends it on close; false when it
   *   joined an MCP session by `?session_id=`, which its MCP client closes.
   */
  constructor(
    private readonly session: Session,
    private readonly ctx: ConnectionContext,
    private readonly sink: FrameSink,
    private readonly owned: boolean,
  ) {
    // The store ends a session under a live socket when it expires, or when an MCP client closes the
    // session this socket joined: either way there is nothing left to play, so the socket closes too.
    session.onEnd = (reason) => {
      if (!this.open) return;
      const ttl = ctx.store.limits.ttlSeconds;
      this.fail(
        "SESSION_ERROR",
        reason === "expired"
          ? `session expired after ${ttl} s without a frame (SESSION_TTL_S); connect again`
          : "session closed by openenv/session/close; connect again",
      );
    };
  }

  /**
   * Handles one text frame. Never throws: an exception here would escape the socket's listener and end the
   * process, so whatever goes wrong is answered with an error frame.
   */
  receive(raw: string): void {
    if (!this.open) return;
    try {
      this.handle(raw);
    } catch (error) {
      // Building the answer itself failed; the frame sent now is a constant, so this cannot fail again.
      try {
        this.ctx.logError("ws frame failed", error);
        this.sink.send(INTERNAL_ERROR_FRAME);
      } catch {
        // The socket is gone: there is no one left to answer.
      }
    }
  }

  private handle(raw: string): void {
    const reading = readJsonText(raw);
    if (!reading.ok) {
      this.sink.send(errorFrame("INVALID_JSON", `Invalid JSON: ${reading.reason}`));
      return;
    }
    const frame = reading.value;
    if (frame === null || typeof frame !== "object" || Array.isArray(frame)) {
      this.fail("SESSION_ERROR", `a frame must be a JSON object like {"type": "reset"}, got ${Array.isArray(frame) ? "an array" : preview(frame)}`);
      return;
    }
    this.session.touch();
    try {
      this.answer(frame as Record<string, unknown>);
    } catch (error) {
      if (error instanceof ValidationError) this.sink.send(validationFrame(error.details));
      else if (error instanceof HttpError) this.sink.send(errorFrame("EXECUTION_ERROR", error.message));
      else {
        this.ctx.logError("ws frame failed", error);
        this.sink.send(INTERNAL_ERROR_FRAME);
      }
    }
  }

  /** The socket has closed, whoever closed it: an owned session is freed at once. */
  closed(): void {
    this.open = false;
    this.session.onEnd = undefined;
    if (this.owned) this.ctx.store.end(this.session.id);
  }

  private answer(frame: Record<string, unknown>): void {
    const type = frame.type ?? "";
    switch (type) {
      case "reset": {
        const { data } = parse(ResetFrame, frame);
        try {
          this.sink.send(observationFrame(this.session.start(this.ctx.catalog, parseResetRequest(data, []))));
        } catch (error) {
          // OpenEnv's client raises with the message alone: say there which field is wrong, and what is accepted.
          if (error instanceof ValidationError) return this.sink.send(validationFrame(error.details, resetErrorMessage(error)));
          throw error;
        }
        return;
      }
      case "step": {
        const { data } = parse(StepFrame, frame);
        if (data.type === "list_tools" || data.type === "call_tool") return this.mcpAction(data);
        this.sink.send(observationFrame(stepEpisode(this.session.episode(), data, STATE_WHERE.ws())));
        return;
      }
      case "state":
        parse(StateFrame, frame);
        // Before the first reset there is no episode; OpenEnv's base State allows a null episode_id.
        this.sink.send(stateFrame(this.session.activeEpisode?.state() ?? { episode_id: null, step_count: 0 }));
        return;
      case "close":
        parse(CloseFrame, frame);
        this.closeNormally("client closed the session");
        return;
      case "mcp": {
        const { data } = parse(McpFrame, frame);
        const { request, error } = readRequest(data);
        if (error) return this.sink.send(mcpFrame(error));
        let response;
        try {
          ({ response } = dispatch(request, { store: this.ctx.store, catalog: this.ctx.catalog, bound: this.session }));
        } catch (error) {
          // A bug: logged, and answered in JSON-RPC's shape, as /mcp answers it.
          this.ctx.logError("ws mcp frame failed", error);
          return this.sink.send(mcpFrame(rpcError(request.id, RPC.INTERNAL_ERROR, "Internal error")));
        }
        // A notification gets an empty result here: over /ws every request frame is answered.
        this.sink.send(mcpFrame(response ?? rpcResult(null, {})));
        return;
      }
      default:
        this.sink.send(errorFrame("UNKNOWN_TYPE", `Unknown message type: ${quote(type)}`));
    }
  }

  /** OpenEnv's list_tools and call_tool actions: answered as observations, as its MCPToolClient expects. */
  private mcpAction(data: Record<string, unknown>): void {
    const episode = () => this.session.activeEpisode;
    if (data.type === "list_tools") {
      parse(ListToolsAction, data);
      const tools = describeTools().map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema }));
      this.sink.send(observationFrame({ observation: { tools }, reward: null, done: episode()?.done ?? false }));
      return;
    }
    const action = parse(CallToolAction, data);
    const outcome = callTool(action.tool_name, action.arguments, { catalog: this.ctx.catalog, session: this.session });
    const step = outcome.ok ? asStepResult(outcome.data) : null;
    const observation = outcome.ok
      ? { tool_name: action.tool_name, result: stepToolResult(outcome.data), error: null }
      : { tool_name: action.tool_name, result: null, error: { error_type: outcome.errorType, message: outcome.message } };
    this.sink.send(observationFrame({ observation, reward: step?.reward ?? null, done: step?.done ?? episode()?.done ?? false }));
  }

  private fail(code: "SESSION_ERROR", message: string): void {
    this.sink.send(errorFrame(code, message));
    this.closeNormally(message);
  }

  private closeNormally(reason: string): void {
    if (!this.open) return;
    this.closed();
    // Close reasons are limited to 123 bytes by the protocol.
    this.sink.close(NORMAL_CLOSURE, Buffer.from(reason).subarray(0, 120).toString());
  }
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
