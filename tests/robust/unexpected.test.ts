/**
 * A bug (anything thrown that is not a client's mistake) is logged and answered in one generic, stable
 * shape per transport, with nothing of the error in it: HTTP 500 `{"detail": "internal error"}`, JSON-RPC
 * -32603 over /mcp and in /ws `mcp` frames, an EXECUTION_ERROR frame otherwise on /ws; and the server goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../tasks/catalog.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { post, testApp } from "../server/helpers.js";
import { liveServer, openSocket, type LiveServer } from "../server/live.js";

/** The catalogue, except that looking up scenario "boom" throws, as a bug in the server would. */
const real = loadCatalog();
const buggy: Catalog = {
  tasks: real.tasks,
  scenarios: real.scenarios,
  task: (id) => real.task(id),
  taskDefinition: (id) => real.taskDefinition(id),
  scenario: (id) => {
    if (id === "boom") throw new Error("secret detail of a bug");
    return real.scenario(id);
  },
};
const grade = { scenario_id: "boom", actions: [] };
const rpc = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "grade_trajectory", arguments: grade } };

describe("unexpected errors", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer({ catalog: buggy });
  });
  afterAll(() => server.close());

  it("HTTP: 500 with a short generic detail, logged, and the next request is served", async () => {
    const app = testApp({ catalog: buggy });
    const res = await post(app, "/grader", grade);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: "internal error" });
    expect(app.logged).toHaveLength(1);
    expect((await post(app, "/grader", { scenario_id: "typo_filename", actions: [] })).status).toBe(200);
  });

  it("/mcp: JSON-RPC -32603 in a 200, the request's id kept", async () => {
    const app = testApp({ catalog: buggy });
    const res = await post(app, "/mcp", rpc);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32603, message: "Internal error", data: null } });
    expect(res.text).not.toContain("secret");
    expect(app.logged).toHaveLength(1);
  });

  it("/ws: an mcp frame gets -32603, a tool call an EXECUTION_ERROR frame; the socket stays open", async () => {
    const socket = await openSocket(server);
    const viaMcp = await socket.ask({ type: "mcp", data: rpc });
    expect(viaMcp).toEqual({ type: "mcp", data: { jsonrpc: "2.0", id: 7, error: { code: -32603, message: "Internal error", data: null } } });
    const viaStep = await socket.ask({ type: "step", data: { type: "call_tool", tool_name: "grade_trajectory", arguments: grade } });
    expect(viaStep).toEqual({ type: "error", data: { message: "internal error", code: "EXECUTION_ERROR" } });
    expect((await socket.ask({ type: "reset", data: { scenario_id: "typo_filename" } })).type).toBe("observation");
    socket.raw.close();
    expect(server.app.logged).toHaveLength(2);
    expect(JSON.stringify(viaMcp) + JSON.stringify(viaStep)).not.toContain("secret");
  });
});
