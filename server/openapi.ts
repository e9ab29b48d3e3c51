/**
 * GET /openapi.json: an OpenAPI 3.1 document of the REST API, generated from the endpoint table (paths and
 * summaries) and the zod types that validate requests and describe answers, never written by hand.
 * `openenv validate --url` reads `info.version` and looks for /reset, /step and /state in `paths`.
 */
import { z } from "zod";
import { ActionSchema } from "../contracts/actions.js";
import { EpisodeStateSchema, ResetRequestSchema, StepResultSchema } from "../contracts/observation.js";
import { RpcRequestSchema, RpcResponseSchema } from "./mcp/jsonrpc.js";
import { ENDPOINTS, type EndpointInfo } from "./endpoints.js";
import { packageInfo } from "./package-info.js";
import { EpisodeClosedSchema, EpisodeRecordAnswerSchema, GraderRequestSchema, StateQuerySchema, StepRequestSchema } from "./requests.js";
import {
  DetailSchema,
  GradeReportSchema,
  HealthSchema,
  InfoSchema,
  MetadataSchema,
  SchemasSchema,
  TaskViewSchema,
  TasksSchema,
  ValidationErrorSchema,
} from "./responses.js";

/** What an operation takes and answers; statuses beyond 200 answer with FastAPI's error shapes. */
interface OperationTypes {
  body?: z.ZodType;
  query?: z.ZodObject;
  response?: z.ZodType;
  /** The answer's media type when it is not JSON (the HTML pages and their assets). */
  mediaType?: string;
  /** Error statuses the operation can answer besides 422 for bad input. */
  errors?: number[];
  description?: string;
}

/** /step's body as a client writes it: the envelope with the action's own schema in place of "any object". */
const StepBodySchema = StepRequestSchema.extend({ action: ActionSchema });
const GraderBodySchema = GraderRequestSchema.extend({ actions: z.array(ActionSchema).max(500) });

const OPERATIONS: Record<string, OperationTypes> = {
  "GET /health": { response: HealthSchema },
  "GET /metadata": { response: MetadataSchema },
  "GET /schema": { response: SchemasSchema },
  "POST /reset": {
    body: ResetRequestSchema,
    response: StepResultSchema,
    errors: [503],
    description:
      "Without episode_id: a new episode under a fresh id, which also becomes the default episode. With one: that episode, " +
      "restarted if it exists. An empty body or null starts a random scenario. Unknown fields are a 422.",
  },
  "POST /step": { body: StepBodySchema, response: StepResultSchema, errors: [404, 409, 503] },
  "GET /state": { query: StateQuerySchema, response: EpisodeStateSchema, errors: [404, 503] },
  "DELETE /episodes/:episode_id": { response: EpisodeClosedSchema, errors: [404, 503] },
  "GET /episodes/:episode_id/record": {
    response: EpisodeRecordAnswerSchema,
    errors: [404, 503],
    description:
      "An HTTP episode's record while the episode store holds it; a finished WebSocket or MCP episode's for SESSION_TTL_S after it ended. " +
      "POST /grader with its scenario_id and actions replays it.",
  },
  "GET /tasks": { response: TasksSchema },
  "GET /tasks/:task_id": { response: TaskViewSchema, errors: [404] },
  "GET /info": { response: InfoSchema },
  "POST /grader": { body: GraderBodySchema, response: GradeReportSchema, errors: [503] },
  "GET /metrics": { mediaType: "text/plain", description: "Prometheus text exposition format (version 0.0.4)." },
  "POST /mcp": {
    body: RpcRequestSchema,
    response: RpcResponseSchema,
    errors: [404],
    description: "JSON-RPC 2.0 for OpenEnv's MCP client and for MCP Streamable HTTP clients (Mcp-Session-Id); errors are JSON-RPC errors in a 200.",
  },
  "GET /ws": { errors: [426], description: "The WebSocket session protocol of OpenEnv: connect with an Upgrade request." },
  "GET /": { mediaType: "text/html" },
  "GET /docs": { mediaType: "text/html" },
  "GET /assets/:file": { mediaType: "application/octet-stream", errors: [404], description: "The scripts and styles the pages name, with Content-Encoding br or gzip when the client accepts it; a name no page references is a 404." },
};

const STATUS_TEXT: Record<number, string> = {
  404: "Not found",
  409: "Conflict with the episode's state",
  426: "Upgrade required",
  503: "At capacity, shutting down or the episode store unreachable (with Retry-After), or stopped at STEP_TIMEOUT_MS or MAX_REPLAY_MS (nothing recorded)",
};

let cached: Record<string, unknown> | undefined;

/** The document; computed once. */
export function openApiDocument(): Record<string, unknown> {
  cached ??= build();
  return cached;
}

function build(): Record<string, unknown> {
  const info = packageInfo();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const path = endpoint.path.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(endpoint, OPERATIONS[`${endpoint.method} ${endpoint.path}`] ?? {});
  }
  return {
    openapi: "3.1.0",
    info: { title: `${info.name} HTTP API`, description: info.description, version: info.version },
    paths,
    components: { schemas: { HTTPValidationError: schema(ValidationErrorSchema), Detail: schema(DetailSchema) } },
  };
}

function operation(endpoint: EndpointInfo, types: OperationTypes): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    200: {
      description: "Success",
      content: types.mediaType ? { [types.mediaType]: { schema: { type: "string" } } } : json(types.response ? schema(types.response) : { type: "object" }),
    },
  };
  if (types.body || types.query) {
    responses[422] = { description: "Validation error", content: json({ $ref: "#/components/schemas/HTTPValidationError" }) };
  }
  for (const status of types.errors ?? []) {
    responses[status] = { description: STATUS_TEXT[status] ?? "Error", content: json({ $ref: "#/components/schemas/Detail" }) };
  }
  const op: Record<string, unknown> = { summary: endpoint.summary, operationId: operationId(endpoint), responses };
  if (types.description) op.description = types.description;
  if (types.body) op.requestBody = { required: endpoint.path !== "/reset", content: json(schema(types.body, "input")) };
  const parameters = [
    ...[...endpoint.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } })),
    ...Object.entries(types.query?.shape ?? {}).map(([name, type]) => ({
      name,
      in: "query",
      required: !(type as z.ZodType).safeParse(undefined).success,
      schema: schema(type as z.ZodType, "input"),
    })),
  ];
  if (parameters.length > 0) op.parameters = parameters;
  return op;
}

function json(schemaObject: unknown): Record<string, unknown> {
  return { "application/json": { schema: schemaObject } };
}

function schema(type: z.ZodType, io: "input" | "output" = "output"): Record<string, unknown> {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; the dialect is the document's, so $schema is left out.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(type, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

function operationId(endpoint: EndpointInfo): string {
  const words = endpoint.path.split(/[/:_{}-]+/).filter(Boolean);
  return [endpoint.method.toLowerCase(), ...(words.length > 0 ? words : ["root"])].join("_");
}
