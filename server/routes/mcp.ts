/**
 * POST /mcp and DELETE /mcp: JSON-RPC over HTTP for both client families (see mcp/dispatch.ts).
 *
 * OpenEnv's clients expect HTTP 200 for every answer, errors included, with the error in the JSON-RPC body.
 * Standard MCP clients (Streamable HTTP) add: the Mcp-Session-Id header that `initialize` hands out (404 once
 * that session is gone, so the client knows to initialize again), 202 for notifications, an
 * MCP-Protocol-Version header to check, and DELETE to end the session. Answers are always JSON, never an
 * SSE stream, which the transport allows; GET /mcp is a 405 (no server-initiated stream).
 */
import type { Context } from "hono";
import { quote } from "../../contracts/quote.js";
import { Hono } from "hono";
import { EMPTY_BODY, readJsonBody } from "../body.js";
import type { ServerContext } from "../context.js";
import { HttpError, ValidationError } from "../errors.js";
import { dispatch, SUPPORTED_PROTOCOL_VERSIONS, type RpcOutcome } from "../mcp/dispatch.js";
import { parseError, readRequest, RPC, rpcError, type RpcRequest } from "../mcp/jsonrpc.js";
import { note } from "../observe.js";
import type { Session } from "../session.js";
import { UNSTARTED_SESSION_TTL_S } from "../../contracts/limits.js";

const SESSION_HEADER = "mcp-session-id";

/** POST /mcp, DELETE /mcp. */
export function mcpRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/mcp", async (c) => {
    const bound = boundSession(c, ctx);
    if (bound instanceof Response) return bound;
    const version = c.req.header("mcp-protocol-version");
    if (version !== undefined && !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
      const supported = SUPPORTED_PROTOCOL_VERSIONS.join(", ");
      return c.json(rpcError(null, RPC.INVALID_REQUEST, `Unsupported MCP-Protocol-Version '${quote(version)}'; supported: ${supported}`), 400);
    }
    let body: unknown;
    try {
      body = await readJsonBody(c, ctx.options.maxBodyBytes);
    } catch (error) {
      if (error instanceof ValidationError) return c.json(parseError());
      // Too large a body is still answered in JSON-RPC's shape, with HTTP's status: an MCP client reads both.
      if (error instanceof HttpError) return c.json(rpcError(null, RPC.INVALID_REQUEST, error.message), error.status, error.headers);
      throw error;
    }
    if (body === EMPTY_BODY) return c.json(parseError());
    const { request, error } = readRequest(body);
    if (error) return c.json(error);
    note(c, { rpc_method: request.method.slice(0, 100), ...toolNoted(request) });
    let outcome: RpcOutcome;
    try {
      outcome = await dispatch(request, { store: ctx.sessions, catalog: ctx.catalog, pool: ctx.pool, bound });
    } catch (failure) {
      // A bug, not the client's doing: logged, and answered in JSON-RPC's shape, which every MCP client reads.
      ctx.logger.error({ err: failure, method: "POST", path: "/mcp", rpc_method: request.method.slice(0, 100) }, "request failed");
      return c.json(rpcError(request.id, RPC.INTERNAL_ERROR, "Internal error"));
    }
    const { response, opened } = outcome;
    if (response === null) return c.body(null, 202);
    return c.json(response, 200, opened ? { "Mcp-Session-Id": opened.id } : {});
  });

  app.delete("/mcp", (c) => {
    const id = c.req.header(SESSION_HEADER);
    if (id === undefined) {
      return c.json(rpcError(null, RPC.INVALID_REQUEST, "DELETE /mcp needs the Mcp-Session-Id header of the session to end"), 400);
    }
    if (!ctx.sessions.end(id)) return sessionNotFound(c, id, ctx.options.sessionTtlSeconds);
    return c.body(null, 204);
  });

  return app;
}

/** The tool a tools/call names, for the log line (its name only, never its arguments). */
function toolNoted(request: RpcRequest): { tool?: string } {
  const name = request.params?.name;
  return request.method === "tools/call" && typeof name === "string" ? { tool: name.slice(0, 100) } : {};
}

/** The session named by Mcp-Session-Id, null without the header, or the 404 answer for a session that is gone. */
function boundSession(c: Context, ctx: ServerContext): Session | null | Response {
  const id = c.req.header(SESSION_HEADER);
  if (id === undefined) return null;
  return ctx.sessions.privateSession(id) ?? sessionNotFound(c, id, ctx.options.sessionTtlSeconds);
}

function sessionNotFound(c: Context, id: string, ttlSeconds: number): Response {
  const why = `unknown, ended, or expired after ${ttlSeconds} s idle (${Math.min(ttlSeconds, UNSTARTED_SESSION_TTL_S)} s while no episode was started in it)`;
  return c.json(rpcError(null, RPC.SESSION_NOT_FOUND, `Session not found: '${quote(id)}' (${why}); initialize a new session`), 404);
}
