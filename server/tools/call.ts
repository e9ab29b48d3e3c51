/**
 * Calling a tool by name with untrusted arguments, and describing the tools, in terms no transport owns: an
 * outcome is a result or one of OpenEnv's tool error types (tool_not_found, invalid_args, execution_error).
 * JSON-RPC turns these into error codes, OpenEnv's call_tool step action into `{tool_name, result, error}`.
 */
import { z } from "zod";
import { quote } from "../../contracts/quote.js";
import { ValidationError, HttpError, type ValidationDetail } from "../errors.js";
import { toValidationDetails } from "../validation.js";
import { TOOLS, type ToolContext, type ToolData, type ToolDefinition } from "./definitions.js";

/** OpenEnv's ToolErrorType values that breakfix produces. */
export type ToolErrorType = "tool_not_found" | "invalid_args" | "execution_error";

/** What a tool call came to. */
export type ToolOutcome =
  | { ok: true; data: ToolData }
  | { ok: false; errorType: ToolErrorType; message: string; details?: ValidationDetail[] };

/** A tool as tools/list publishes it (MCP's Tool). */
export interface ToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { title: string; readOnlyHint: boolean };
}

const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));
let descriptors: ToolDescriptor[] | undefined;

/** Every tool's descriptor, computed once. */
export function describeTools(): ToolDescriptor[] {
  descriptors ??= TOOLS.map(describe);
  return descriptors;
}

function describe(tool: ToolDefinition): ToolDescriptor {
  // $schema is noise in every tool of a tools/list answer; the dialect is MCP's default (2020-12) anyway.
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(tool.input, { io: "input" }) as Record<string, unknown>;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema,
    annotations: { title: tool.title, readOnlyHint: tool.readOnly },
  };
}

/**
 * Runs tool `name` on `args` (absent arguments count as `{}`). Errors of the caller's making become
 * outcomes; anything else (a bug) is thrown for the transport to log and answer as an internal error.
 * @example await callTool("list_tasks", {}, { catalog, pool, session: null })
 */
export async function callTool(name: string, args: unknown, ctx: ToolContext): Promise<ToolOutcome> {
  const tool = byName.get(name);
  if (tool === undefined) {
    return { ok: false, errorType: "tool_not_found", message: `Tool not found: ${quote(name)}; tools: ${TOOLS.map((t) => t.name).join(", ")}` };
  }
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) {
    const details = toValidationDetails(parsed.error.issues, args, []).map((d) => tool.explain?.(d) ?? d);
    return { ok: false, errorType: "invalid_args", message: invalidMessage(name, details), details };
  }
  try {
    return { ok: true, data: await tool.run(parsed.data as Record<string, unknown>, ctx) };
  } catch (error) {
    if (error instanceof ValidationError) {
      return { ok: false, errorType: "invalid_args", message: invalidMessage(name, error.details), details: error.details };
    }
    if (error instanceof HttpError) return { ok: false, errorType: "execution_error", message: error.message };
    throw error;
  }
}

function invalidMessage(name: string, details: ValidationDetail[]): string {
  const where = details.map((d) => `${d.loc.length > 0 ? d.loc.join(".") : "arguments"}: ${d.msg}`).join("; ");
  return `invalid arguments for ${name}: ${where}`;
}
