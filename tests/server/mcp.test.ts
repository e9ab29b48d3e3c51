/**
 * POST /mcp for both client families: OpenEnv's JSON-RPC (replayed against the reference server's captures)
 * and standard MCP Streamable HTTP (initialize, Mcp-Session-Id, notifications, DELETE), including the
 * official SDK client.
 */
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPPORTED_PROTOCOL_VERSIONS } from "../../server/mcp/dispatch.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { call, post, testApp } from "./helpers.js";
import { liveServer, type LiveServer } from "./live.js";

interface HttpCapture {
  req: string;
  body: any;
  status: number;
  resp: any;
}
const captures = JSON.parse(readFileSync(new URL("./fixtures/openenv-wire-captures.json", import.meta.url), "utf8"));
/** /mcp captures of the plain environment (fix_env) and of OpenEnv's MCP echo environment (echo_env). */
const fixMcp: HttpCapture[] = captures.fix_env.http.filter((c: HttpCapture) => c.req === "POST /mcp");
const echoMcp: HttpCapture[] = captures.echo_env.http.filter((c: HttpCapture) => c.req === "POST /mcp");

const rpc = (method: string, params?: unknown, id: number | string = 1) => ({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
/** The answer's top-level keys and, for errors, the code. */
const shape = (body: any) => ({ keys: Object.keys(body).sort(), id: body.id, code: body.error?.code ?? null });
const SCENARIO = "typo_filename";

describe("OpenEnv's JSON-RPC, replayed against the captures", () => {
  const app = testApp();

  it("{} , unparsable JSON and params: null are the captured -32600 / -32700 with id null, in a 200", async () => {
    for (const capture of fixMcp.filter((c) => c.resp.error?.code === -32600 || c.resp.error?.code === -32700)) {
      const res = await post(app, "/mcp", capture.body);
      expect(res.status).toBe(capture.status);
      expect(shape(res.body)).toEqual(shape(capture.resp));
      expect(Object.keys(res.body.error).sort()).toEqual(["code", "data", "message"]);
      expect(res.body.error.data).toBeNull();
    }
    const empty = await post(app, "/mcp", {});
    expect(empty.body.error.message).toContain("jsonrpc");
    expect(empty.body.error.message).toContain("Field required");
  });

  it("a body over the limit is a 413 that still reads as JSON-RPC", async () => {
    const res = await post(app, "/mcp", rpc("tools/call", { name: "step", arguments: { pad: "x".repeat(1_100_000) } }));
    expect(res.status).toBe(413);
    expect(shape(res.body)).toEqual({ keys: ["error", "id", "jsonrpc"], id: null, code: -32600 });
    expect(res.body.error.message).toContain("the limit is 1048576");
  });

  it("the session lifecycle answers as captured: create, tools/list with session_id, close, close again", async () => {
    const create = echoMcp.find((c) => c.body.method === "openenv/session/create")!;
    const created = await post(app, "/mcp", create.body);
    expect(shape(created.body)).toEqual(shape(create.resp));
    const id = created.body.result.session_id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const list = echoMcp.find((c) => c.body.method === "tools/list" && c.body.params?.session_id)!;
    const listed = await post(app, "/mcp", { ...list.body, params: { session_id: id } });
    expect(shape(listed.body)).toEqual(shape(list.resp));
    expect(Object.keys(listed.body.result)).toEqual(["tools"]);

    const close = echoMcp.filter((c) => c.body.method === "openenv/session/close");
    const closed = await post(app, "/mcp", { ...close[0]!.body, params: { session_id: id } });
    expect(closed.body).toEqual({ ...close[0]!.resp, result: { session_id: id, closed: true } });
    const again = await post(app, "/mcp", { ...close[1]!.body, params: { session_id: id } });
    expect(again.body).toEqual({ ...close[1]!.resp, error: { ...close[1]!.resp.error, message: `Unknown session_id: ${id}` } });
  });

  it("tools/list and a session-less tools/call answer with result, as echo_env's; the result carries data", async () => {
    const list = echoMcp.find((c) => c.body.method === "tools/list" && !c.body.params)!;
    const listed = await post(app, "/mcp", list.body);
    expect(shape(listed.body)).toEqual(shape(list.resp));
    for (const tool of listed.body.result.tools) {
      expect(tool).toMatchObject({ name: expect.any(String), description: expect.any(String), inputSchema: { type: "object" } });
    }

    const callCapture = echoMcp.find((c) => c.body.method === "tools/call")!;
    const called = await post(app, "/mcp", { ...callCapture.body, params: { name: "list_tasks", arguments: {} } });
    expect(shape(called.body)).toEqual(shape(callCapture.resp));
    // OpenEnv's client returns result.data; MCP clients read content and structuredContent
    expect(called.body.result.data.tasks.map((t: { task_id: string }) => t.task_id)).toEqual([...loadCatalog().tasks.map((t) => t.task_id), "generated", "generated_host"]);
    expect(called.body.result.structuredContent).toEqual(called.body.result.data);
    expect(JSON.parse(called.body.result.content[0].text)).toEqual(called.body.result.data);
    expect(called.body.result.isError).toBe(false);
  });

  it("errors use OpenEnv's codes: unknown method -32601, unknown tool and bad arguments -32602, refusals -32000", async () => {
    expect((await post(app, "/mcp", rpc("resources/list"))).body.error).toMatchObject({ code: -32601, message: "Method not found: resources/list" });
    expect((await post(app, "/mcp", rpc("tools/call", { arguments: {} }))).body.error).toMatchObject({ code: -32602, message: "Missing 'name' in params" });
    expect((await post(app, "/mcp", rpc("tools/call", { name: "step" }))).body.error).toMatchObject({ code: -32602, message: expect.stringContaining("Tool not found: step") });
    const session = (await post(app, "/mcp", rpc("openenv/session/create"))).body.result.session_id;
    const bad = await post(app, "/mcp", rpc("tools/call", { name: "start_scenario", arguments: { scenario_id: 7 }, session_id: session }));
    expect(bad.body.error).toMatchObject({ code: -32602, data: { errors: [{ type: "string_type", loc: ["scenario_id"] }] } });
    const unknownScenario = await post(app, "/mcp", rpc("tools/call", { name: "start_scenario", arguments: { scenario_id: "nope" }, session_id: session }));
    expect(unknownScenario.body.error.code).toBe(-32602);
    // An unknown reset field is refused as on /reset and /ws, naming what start_scenario accepts.
    const misnamed = await post(app, "/mcp", rpc("tools/call", { name: "start_scenario", arguments: { task: "dockerfile_syntax" }, session_id: session }));
    expect(misnamed.body.error).toMatchObject({ code: -32602, data: { errors: [{ type: "extra_forbidden", loc: ["task"] }] } });
    expect(misnamed.body.error.message).toContain("reset accepts task_id, scenario_id, seed, episode_id, difficulty, split, observation_mode (did you mean task_id?)");
    const early = await post(app, "/mcp", rpc("tools/call", { name: "submit", session_id: session }));
    expect(early.body.error).toMatchObject({ code: -32000, message: expect.stringContaining("start_scenario") });
    const noSession = await post(app, "/mcp", rpc("tools/call", { name: "view_files" }));
    expect(noSession.body.error).toMatchObject({ code: -32000, message: expect.stringContaining("openenv/session/create") });
    expect((await post(app, "/mcp", rpc("openenv/session/close", {}))).body.error.code).toBe(-32602);
  });

  it("a whole episode over OpenEnv-style tools/call, and grade_trajectory agrees with POST /grader", async () => {
    const scenario = loadCatalog().scenario(SCENARIO)!;
    const session = (await post(app, "/mcp", rpc("openenv/session/create"))).body.result.session_id;
    const tool = async (name: string, args: Record<string, unknown> = {}) =>
      (await post(app, "/mcp", rpc("tools/call", { name, arguments: args, session_id: session }))).body.result.data;
    expect((await tool("start_scenario", { scenario_id: SCENARIO })).observation.step_count).toBe(0);
    expect((await tool("view_files", { file_path: "Dockerfile" })).content).toContain("requirments");
    expect(Object.keys((await tool("view_files")).files)).toContain("Dockerfile");
    let last;
    for (const { action_type, ...args } of scenario.solution) last = await tool(action_type, args);
    expect(last.done).toBe(true);
    const state = await tool("get_episode_state");
    const graded = await tool("grade_trajectory", { scenario_id: SCENARIO, actions: state.actions });
    const rest = await post(app, "/grader", { scenario_id: SCENARIO, actions: state.actions });
    expect(graded).toEqual(rest.body);
    expect(graded.breakdown.score).toBe(last.observation.score);
  });

  it("no tool answer for agents leaks a hidden issue description or hint", async () => {
    const hidden = loadCatalog().scenarios.flatMap((s) => s.issues.map((i) => i.description));
    const listed = JSON.stringify((await post(app, "/mcp", rpc("tools/call", { name: "list_tasks" }))).body);
    const tools = JSON.stringify((await post(app, "/mcp", rpc("tools/list"))).body);
    for (const text of hidden) {
      expect(listed).not.toContain(text);
      expect(tools).not.toContain(text);
    }
  });
});

describe("standard MCP over Streamable HTTP", () => {
  const app = testApp();
  const initialize = (protocolVersion: string) =>
    post(app, "/mcp", rpc("initialize", { protocolVersion, capabilities: {}, clientInfo: { name: "t", version: "1" } }));

  it("initialize negotiates the protocol version and hands out Mcp-Session-Id", async () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS).toContain(LATEST_PROTOCOL_VERSION);
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) expect((await initialize(version)).body.result.protocolVersion).toBe(version);
    const unknown = await initialize("1999-01-01");
    expect(unknown.body.result).toMatchObject({
      protocolVersion: SUPPORTED_PROTOCOL_VERSIONS[0],
      capabilities: { tools: {} },
      serverInfo: { name: "breakfix", version: expect.any(String) },
    });
    expect(unknown.headers.get("mcp-session-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("notifications are 202 with no body; the session header is checked; DELETE ends the session", async () => {
    const session = (await initialize("2025-06-18")).headers.get("mcp-session-id")!;
    const headers = { "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" };
    const note = await post(app, "/mcp", { jsonrpc: "2.0", method: "notifications/initialized" }, headers);
    expect([note.status, note.text]).toEqual([202, ""]);
    expect((await post(app, "/mcp", rpc("ping"), headers)).body.result).toEqual({});
    const badVersion = await post(app, "/mcp", rpc("tools/list"), { ...headers, "mcp-protocol-version": "2000-01-01" });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.error.message).toContain("2025-06-18");

    expect((await call(app, "GET", "/mcp")).status).toBe(405);
    expect((await call(app, "DELETE", "/mcp")).status).toBe(400);
    expect((await call(app, "DELETE", "/mcp", undefined, { "mcp-session-id": session })).status).toBe(204);
    const gone = await post(app, "/mcp", rpc("tools/list"), headers);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe(-32001);
    expect((await call(app, "DELETE", "/mcp", undefined, { "mcp-session-id": session })).status).toBe(404);
  });

  it("in an MCP session, tool errors are isError results a model can read; an unknown tool stays -32602", async () => {
    const session = (await initialize("2025-06-18")).headers.get("mcp-session-id")!;
    const headers = { "mcp-session-id": session };
    const early = await post(app, "/mcp", rpc("tools/call", { name: "submit", arguments: {} }), headers);
    expect(early.body.result).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining("reset first") }] });
    const bad = await post(app, "/mcp", rpc("tools/call", { name: "view_files", arguments: { file_path: "" } }), headers);
    expect(bad.body.result.isError).toBe(true);
    expect(bad.body.result.structuredContent.error.error_type).toBe("invalid_args");
    expect((await post(app, "/mcp", rpc("tools/call", { name: "nope" }), headers)).body.error.code).toBe(-32602);
  });
});

describe("the official MCP SDK client", () => {
  let server: LiveServer;
  let client: Client;
  let transport: StreamableHTTPClientTransport;
  beforeAll(async () => {
    server = await liveServer();
    client = new Client({ name: "breakfix-tests", version: "1.0.0" });
    transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`));
    await client.connect(transport);
  });
  afterAll(async () => {
    await transport.terminateSession();
    await client.close();
    await server.close();
  });

  it("connects, negotiates the latest version, and lists a tool per action type with zod-made schemas", async () => {
    expect(client.getServerVersion()).toMatchObject({ name: "breakfix" });
    expect(transport.sessionId).toEqual(expect.any(String));
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of ["list_tasks", "start_scenario", "get_observation", "view_files", "edit_file", "replace_line", "add_line", "delete_line", "add_block", "delete_block", "apply_patch", "request_hint", "submit", "grade_trajectory"]) {
      expect(names).toContain(name);
    }
    const editFile = tools.find((t) => t.name === "edit_file")!;
    expect(editFile.inputSchema).toMatchObject({ type: "object", required: ["edits"], additionalProperties: false });
  });

  it("plays an episode and reads results as structuredContent; tool errors come back as isError", async () => {
    const started = await client.callTool({ name: "start_scenario", arguments: { scenario_id: SCENARIO } });
    expect((started.structuredContent as any).observation.scenario_id).toBe(SCENARIO);
    const hint = await client.callTool({ name: "request_hint", arguments: {} });
    expect((hint.structuredContent as any).reward).toBeCloseTo(-0.04);
    const bad = await client.callTool({ name: "replace_line", arguments: { file_path: "Dockerfile" } });
    expect(bad.isError).toBe(true);
    await expect(client.callTool({ name: "reset", arguments: {} })).rejects.toThrow(/Tool not found/);
    expect(server.app.context.sessions.counts.privateSessions).toBe(1);
  });
});
