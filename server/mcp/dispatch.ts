/**
 * The JSON-RPC methods breakfix answers, for both client families, whatever carried the request (POST /mcp
 * or an `mcp` frame on /ws):
 *
 * - OpenEnv: `tools/list`, `tools/call` with an optional `session_id`, `openenv/session/create|close`.
 * - Standard MCP (Streamable HTTP): `initialize` (protocol version negotiation), `notifications/*`, `ping`,
 *   `tools/list`, `tools/call` in the session named by the Mcp-Session-Id header.
 *
 * Tool errors follow each family's client: an MCP session (one that went through `initialize`) gets
 * `isError` results, which a model can read and act on; OpenEnv's client gets JSON-RPC errors, which it
 * raises. An unknown tool is -32602 for both.
 */
import { quote } from "../../contracts/quote.js";
import { packageInfo } from "../package-info.js";
import type { Session } from "../session.js";
import { CapacityError, type SessionStore } from "../sessions.js";
import type { Catalog } from "../../tasks/catalog.js";
import type { EpisodePool } from "../pool/pool.js";
import { callTool, describeTools } from "../tools/call.js";
import { callToolResult, toolErrorResult } from "../tools/wire.js";
import { RPC, rpcError, rpcResult, type RpcRequest, type RpcResponse } from "./jsonrpc.js";

/** MCP protocol versions breakfix speaks, newest first; a client asking for another gets the newest. */
export const SUPPORTED_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

/** Where a request came from. */
export interface RpcCaller {
  store: SessionStore;
  catalog: Catalog;
  pool: EpisodePool;
  /** The session the transport binds the request to: a /ws connection's, or the one Mcp-Session-Id names. */
  bound: Session | null;
}

/** The answer (null for a notification) and the session an `initialize` opened, if any. */
export interface RpcOutcome {
  response: RpcResponse | null;
  opened?: Session;
}

/**
 * Answers one request.
 * @example await dispatch({ jsonrpc: "2.0", id: 1, method: "tools/list" }, caller)
 */
export async function dispatch(request: RpcRequest, caller: RpcCaller): Promise<RpcOutcome> {
  const { id, method } = request;
  const params = request.params ?? {};
  if (id === undefined && method.startsWith("notifications/")) return { response: null };
  switch (method) {
    case "initialize":
      return initialize(request, caller);
    case "ping":
      return { response: rpcResult(id, {}) };
    case "tools/list":
      return { response: rpcResult(id, { tools: describeTools() }) };
    case "tools/call":
      return { response: await toolsCall(request, caller) };
    case "openenv/session/create":
      return { response: createSession(request, caller) };
    case "openenv/session/close":
      return { response: closeSession(request, caller, params.session_id) };
    default:
      return { response: rpcError(id, RPC.METHOD_NOT_FOUND, `Method not found: ${quote(method)}`) };
  }
}

function initialize(request: RpcRequest, caller: RpcCaller): RpcOutcome {
  const asked = request.params?.protocolVersion;
  const version = SUPPORTED_PROTOCOL_VERSIONS.find((v) => v === asked) ?? SUPPORTED_PROTOCOL_VERSIONS[0];
  let session = caller.bound;
  let opened: Session | undefined;
  if (session === null) {
    try {
      session = opened = caller.store.open("mcp");
    } catch (error) {
      return { response: capacityError(request, error) };
    }
  }
  session.protocolVersion = version;
  const info = packageInfo();
  const result = {
    protocolVersion: version,
    capabilities: { tools: { listChanged: false } },
    serverInfo: { name: info.name, title: "breakfix", version: info.version },
    instructions:
      "Repair a broken delivery pipeline: list_tasks, start_scenario, read the files and error_message, edit with " +
      "the edit tools until the pipeline is green, then submit. request_hint costs score.",
  };
  return { response: rpcResult(request.id, result), ...(opened ? { opened } : {}) };
}

async function toolsCall(request: RpcRequest, caller: RpcCaller): Promise<RpcResponse> {
  const { id } = request;
  const params = request.params ?? {};
  const name = params.name;
  if (typeof name !== "string" || name === "") return rpcError(id, RPC.INVALID_PARAMS, "Missing 'name' in params");
  let session = caller.bound;
  if (session === null && params.session_id !== undefined) {
    session = typeof params.session_id === "string" ? (caller.store.privateSession(params.session_id) ?? null) : null;
    if (session === null) return rpcError(id, RPC.INVALID_PARAMS, `Unknown session_id: ${quote(params.session_id)}`);
  }
  session?.touch();
  const outcome = await callTool(name, params.arguments, { catalog: caller.catalog, pool: caller.pool, session });
  if (outcome.ok) return rpcResult(id, callToolResult(outcome.data));
  if (outcome.errorType === "tool_not_found") return rpcError(id, RPC.INVALID_PARAMS, outcome.message);
  if (session?.protocolVersion !== undefined) return rpcResult(id, toolErrorResult(outcome.errorType, outcome.message, outcome.details));
  if (outcome.errorType === "invalid_args") return rpcError(id, RPC.INVALID_PARAMS, outcome.message, { errors: outcome.details });
  return rpcError(id, RPC.SERVER_ERROR, outcome.message);
}

function createSession(request: RpcRequest, caller: RpcCaller): RpcResponse {
  // Over /ws the connection already is a session: OpenEnv answers with its id rather than a second one.
  if (caller.bound !== null) return rpcResult(request.id, { session_id: caller.bound.id });
  try {
    return rpcResult(request.id, { session_id: caller.store.open("mcp").id });
  } catch (error) {
    return capacityError(request, error);
  }
}

function closeSession(request: RpcRequest, caller: RpcCaller, sessionId: unknown): RpcResponse {
  const { id } = request;
  if (typeof sessionId !== "string" || sessionId === "") {
    return rpcError(id, RPC.INVALID_PARAMS, "Invalid params - 'session_id' is required");
  }
  const session = caller.store.privateSession(sessionId);
  if (session === undefined) return rpcError(id, RPC.INVALID_PARAMS, `Unknown session_id: ${quote(sessionId)}`);
  if (session.transport === "ws") {
    // A socket owns its session: closing it under the socket would leave a connection with nothing behind it.
    return rpcError(id, RPC.INVALID_REQUEST, "Cannot close active WebSocket-managed session via MCP method");
  }
  caller.store.end(sessionId);
  return rpcResult(id, { session_id: sessionId, closed: true });
}

function capacityError(request: RpcRequest, error: unknown): RpcResponse {
  if (!(error instanceof CapacityError)) throw error;
  return rpcError(request.id, RPC.SERVER_ERROR, error.message, { active_sessions: error.activeSessions, max_sessions: error.maxSessions });
}
