/**
 * The checks of `openenv validate --url` (scripts/validate-openenv.ts) against an in-process server, the
 * reference server's validation report as the expected shape, and the script's exit status on failure.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateOpenEnv } from "../../scripts/validate-openenv.js";
import { liveServer, type LiveServer } from "./live.js";

const reference = JSON.parse(readFileSync(new URL("./fixtures/openenv-wire-captures.json", import.meta.url), "utf8")).validate_url_fix_env;

describe("openenv validate --url, as a script", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("passes all six checks against breakfix, reported as OpenEnv reports them", async () => {
    const report = await validateOpenEnv(server.url);
    expect(report.criteria.map((c) => c.id)).toEqual(reference.criteria.map((c: { id: string }) => c.id));
    expect(report.criteria.filter((c) => !c.passed)).toEqual([]);
    expect(report).toMatchObject({ passed: true, summary: { passed_count: 6, total_count: 6, failed_criteria: [] } });
    for (const criterion of report.criteria) {
      const expected = reference.criteria.find((c: { id: string }) => c.id === criterion.id);
      expect(criterion.expected).toEqual(expected.expected);
    }
    expect(report.criteria.find((c) => c.id === "mode_endpoint_consistency")!.actual).toEqual({ "/reset": true, "/step": true, "/state": true });
  });

  it("fails, naming the criteria, against a server that is not an OpenEnv environment", async () => {
    const other = createServer((_req, res) => res.writeHead(404, { "content-type": "application/json" }).end('{"detail":"Not Found"}'));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const report = await validateOpenEnv(`http://127.0.0.1:${(other.address() as AddressInfo).port}`);
      expect(report.passed).toBe(false);
      expect(report.summary.failed_criteria).toEqual(["openapi_version_available", "health_endpoint", "metadata_endpoint", "schema_endpoint", "mcp_endpoint", "mode_endpoint_consistency"]);
    } finally {
      other.close();
    }
  });
});
