/**
 * A tool's result as each client family reads it. MCP clients read `content` (text) and
 * `structuredContent`; OpenEnv's Python MCP client returns `data`. Over /ws step frames, OpenEnv's
 * MCPToolClient receives FastMCP's CallToolResult dumped in snake_case (`structured_content`, `is_error`),
 * as the reference server's captures show.
 */
import type { ToolData } from "./definitions.js";

/** MCP CallToolResult plus OpenEnv's `data`, for tools/call over JSON-RPC. */
export interface CallToolResult {
  content: Array<{ type: "text"; text: string }>;
  structuredContent: ToolData;
  data: ToolData;
  isError: boolean;
}

/** A successful call as tools/call answers it. */
export function callToolResult(data: ToolData): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data, data, isError: false };
}

/**
 * A failed call as standard MCP wants tool errors reported: a result with `isError`, so a model reads the
 * message and can correct its call.
 */
export function toolErrorResult(errorType: string, message: string, details?: unknown): CallToolResult {
  const error = { error: { error_type: errorType, message, ...(details === undefined ? {} : { details }) } };
  return { content: [{ type: "text", text: message }], structuredContent: error, data: error, isError: true };
}

/** A successful call as OpenEnv's call_tool step action returns it (FastMCP's field names). */
export function stepToolResult(data: ToolData): Record<string, unknown> {
  return { content: [{ type: "text", text: JSON.stringify(data) }], structured_content: data, meta: null, data, is_error: false };
}
