/**
 * JSON-RPC 2.0 envelopes as OpenEnv's reference server reads and writes them: a request must have
 * `jsonrpc: "2.0"` and a string `method`; `params`, when present, must be an object; an invalid envelope is
 * answered with -32600 and `id: null`, as OpenEnv does (it cannot trust the id of a request it cannot read).
 * Errors always carry `data` (null when there is none), as OpenEnv's do.
 */
import { z } from "zod";
import type { ValidationDetail } from "../errors.js";
import { toValidationDetails } from "../validation.js";

/** The error codes OpenEnv uses, plus MCP's session-not-found. */
export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SERVER_ERROR: -32000,
  SESSION_NOT_FOUND: -32001,
} as const;

/** A request id; null when the request could not be read. */
export type RpcId = string | number | null;

/** A JSON-RPC request as OpenEnv's JsonRpcRequest model accepts it. */
export const RpcRequestSchema = z.object({
  jsonrpc: z.literal("2.0"),
  method: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
});

/** A valid JSON-RPC request; `id` undefined means a notification. */
export type RpcRequest = z.infer<typeof RpcRequestSchema>;

/** A JSON-RPC answer: a result or an error. */
export const RpcResponseSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.unknown().optional(),
  error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown() }).optional(),
});

/** The error member of an error answer. */
export interface RpcError {
  code: number;
  message: string;
  data: unknown;
}

/** What the server sends back for a request. */
export type RpcResponse = { jsonrpc: "2.0"; id: RpcId; result: unknown } | { jsonrpc: "2.0"; id: RpcId; error: RpcError };

/** A successful answer. */
export const rpcResult = (id: RpcId | undefined, result: unknown): RpcResponse => ({ jsonrpc: "2.0", id: id ?? null, result });

/** An error answer; `data` is null unless given. */
export const rpcError = (id: RpcId | undefined, code: number, message: string, data: unknown = null): RpcResponse => ({
  jsonrpc: "2.0",
  id: id ?? null,
  error: { code, message, data },
});

/** The answer to a body that is not JSON at all. */
export const parseError = (): RpcResponse => rpcError(null, RPC.PARSE_ERROR, "Parse error");

/**
 * Validates a parsed JSON value as a request; on failure, the -32600 answer to send instead.
 * @example const { request, error } = readRequest(JSON.parse(body));
 */
export function readRequest(value: unknown): { request: RpcRequest; error?: undefined } | { request?: undefined; error: RpcResponse } {
  if (Array.isArray(value)) {
    return { error: rpcError(null, RPC.INVALID_REQUEST, "Invalid request: batches are not supported; send one request per message") };
  }
  const parsed = RpcRequestSchema.safeParse(value);
  if (parsed.success) return { request: parsed.data };
  const details = toValidationDetails(parsed.error.issues, value, []);
  return { error: rpcError(null, RPC.INVALID_REQUEST, `Invalid request: ${describeDetails(details)}`) };
}

/** pydantic's summary of validation errors ("2 validation errors for JsonRpcRequest\nmethod\n  Field required ..."). */
function describeDetails(details: ValidationDetail[]): string {
  const count = `${details.length} validation error${details.length === 1 ? "" : "s"} for JsonRpcRequest`;
  return [count, ...details.map((d) => `${d.loc.join(".") || "request"}\n  ${d.msg} [type=${d.type}]`)].join("\n");
}
