/**
 * The runtime checks of `openenv validate --url URL` (openenv/PROTOCOL.md), for CI machines without OpenEnv's
 * Python package: the same six criteria, the same report shape, exit status 1 when any fails.
 *
 *   node --import tsx scripts/validate-openenv.ts http://127.0.0.1:8000
 */
import { pathToFileURL } from "node:url";

/** One criterion, as OpenEnv's validator reports it. */
export interface Criterion {
  id: string;
  description: string;
  passed: boolean;
  required: true;
  expected: Record<string, unknown>;
  actual: Record<string, unknown>;
}

export interface ValidationReport {
  target: string;
  validation_type: "running_environment";
  passed: boolean;
  summary: { passed_count: number; total_count: number; failed_criteria: string[] };
  criteria: Criterion[];
}

const TIMEOUT_MS = 10_000;

/** What one request got: the status (0 when the request itself failed) and the JSON body, if any. */
async function fetchJson(url: string, init?: RequestInit): Promise<{ status: number; body: any; error?: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) };
    } catch {
      return { status: response.status, body: undefined, error: "answer is not JSON" };
    }
  } catch (error) {
    return { status: 0, body: undefined, error: error instanceof Error ? error.message : String(error) };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Runs the six checks against a running environment at `baseUrl`.
 * @example const report = await validateOpenEnv("http://127.0.0.1:8000");
 */
export async function validateOpenEnv(baseUrl: string): Promise<ValidationReport> {
  const base = baseUrl.replace(/\/+$/, "");
  const [openapi, health, metadata, schema, mcp] = await Promise.all([
    fetchJson(`${base}/openapi.json`),
    fetchJson(`${base}/health`),
    fetchJson(`${base}/metadata`),
    fetchJson(`${base}/schema`),
    fetchJson(`${base}/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
  ]);
  const paths = isObject(openapi.body) && isObject(openapi.body.paths) ? openapi.body.paths : {};
  const modePaths = { "/reset": "/reset" in paths, "/step": "/step" in paths, "/state": "/state" in paths };
  const present = Object.values(modePaths).filter(Boolean).length;

  const criteria: Criterion[] = [
    {
      id: "openapi_version_available",
      description: "GET /openapi.json returns OpenAPI info.version",
      passed: openapi.status === 200 && typeof openapi.body?.info?.version === "string",
      required: true,
      expected: { status_code: 200, "info.version": "string" },
      actual: { status_code: openapi.status, "info.version": openapi.body?.info?.version ?? null, ...errorOf(openapi) },
    },
    {
      id: "health_endpoint",
      description: "GET /health returns healthy status",
      passed: health.status === 200 && health.body?.status === "healthy",
      required: true,
      expected: { status_code: 200, status: "healthy" },
      actual: { status_code: health.status, status: health.body?.status ?? null, ...errorOf(health) },
    },
    {
      id: "metadata_endpoint",
      description: "GET /metadata returns name and description",
      passed: metadata.status === 200 && typeof metadata.body?.name === "string" && typeof metadata.body?.description === "string",
      required: true,
      expected: { status_code: 200, fields: ["name", "description"] },
      actual: { status_code: metadata.status, name: metadata.body?.name ?? null, description: metadata.body?.description ?? null, ...errorOf(metadata) },
    },
    {
      id: "schema_endpoint",
      description: "GET /schema returns action, observation, and state schemas",
      passed: schema.status === 200 && ["action", "observation", "state"].every((k) => isObject(schema.body?.[k])),
      required: true,
      expected: { status_code: 200, fields: ["action", "observation", "state"] },
      actual: {
        status_code: schema.status,
        has_action: isObject(schema.body?.action),
        has_observation: isObject(schema.body?.observation),
        has_state: isObject(schema.body?.state),
        ...errorOf(schema),
      },
    },
    {
      id: "mcp_endpoint",
      description: "POST /mcp is reachable and returns JSON-RPC payload",
      passed: mcp.status === 200 && mcp.body?.jsonrpc === "2.0",
      required: true,
      expected: { status_code: 200, jsonrpc: "2.0" },
      actual: { status_code: mcp.status, jsonrpc: mcp.body?.jsonrpc ?? null, ...errorOf(mcp) },
    },
    {
      id: "mode_endpoint_consistency",
      description: "OpenAPI endpoint set matches OpenEnv mode contract",
      // Simulation mode lists all three; production mode none of them. Some but not all is inconsistent.
      passed: openapi.status === 200 && (present === 3 || present === 0),
      required: true,
      expected: { "/reset": true, "/step": true, "/state": true },
      actual: modePaths,
    },
  ];
  const failed = criteria.filter((c) => !c.passed).map((c) => c.id);
  return {
    target: base,
    validation_type: "running_environment",
    passed: failed.length === 0,
    summary: { passed_count: criteria.length - failed.length, total_count: criteria.length, failed_criteria: failed },
    criteria,
  };
}

function errorOf(result: { error?: string }): Record<string, string> {
  return result.error === undefined ? {} : { error: result.error };
}

async function main(argv: string[]): Promise<number> {
  const url = argv[0];
  if (url === undefined || argv.length > 1 || !/^https?:\/\//.test(url)) {
    console.error("Usage: validate-openenv URL   (e.g. http://127.0.0.1:8000)");
    return 2;
  }
  const report = await validateOpenEnv(url);
  console.log(JSON.stringify(report, null, 2));
  console.error(report.passed ? `openenv validate: ${url} passed ${report.summary.total_count} checks` : `openenv validate: ${url} FAILED: ${report.summary.failed_criteria.join(", ")}`);
  return report.passed ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
