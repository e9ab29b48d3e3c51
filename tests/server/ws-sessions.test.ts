/**
 * /ws sessions: one capacity shared with HTTP episodes and MCP sessions, idle expiry, freeing on close,
 * answers in order, OpenEnv's list_tools / call_tool step actions, and joining an MCP session by id.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveServer, openSocket, postMcp, type LiveServer } from "./live.js";
import { testClock } from "./helpers.js";

const SCENARIO = "typo_filename";
const echoCaptures: Array<{ req: string; body: any; resp: any }> = JSON.parse(
  readFileSync(new URL("./fixtures/openenv-wire-captures.json", import.meta.url), "utf8"),
).echo_env.http;

const post = (server: LiveServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("one capacity for every transport", () => {
  it("WebSocket sessions, HTTP episodes and MCP sessions count against the same MAX_SESSIONS", async () => {
    const server = await liveServer({ maxSessions: 3 });
    try {
      expect((await post(server, "/reset", { scenario_id: SCENARIO })).status).toBe(200);
      const ws = await openSocket(server);
      const mcp = await postMcp(server, { jsonrpc: "2.0", id: 1, method: "openenv/session/create" });
      expect(mcp.body.result.session_id).toEqual(expect.any(String));
      // Sessions playing an episode (one without would give its place up to a reset: sessions.test.ts).
      await ws.ask({ type: "reset", data: { scenario_id: SCENARIO } });
      const params = { name: "start_scenario", session_id: mcp.body.result.session_id, arguments: { scenario_id: SCENARIO } };
      expect((await postMcp(server, { jsonrpc: "2.0", id: 4, method: "tools/call", params })).body.result).toBeDefined();

      // full: a named HTTP episode is a 503, a socket a CAPACITY_REACHED frame, an MCP session a -32000
      expect((await post(server, "/reset", { scenario_id: SCENARIO, episode_id: "x" })).status).toBe(503);
      const refused = await openSocket(server);
      expect((await refused.next()).data).toMatchObject({ code: "CAPACITY_REACHED", active_sessions: 3, max_sessions: 3 });
      expect((await refused.closed).code).toBe(1000);
      const refusedMcp = await postMcp(server, { jsonrpc: "2.0", id: 2, method: "openenv/session/create" });
      expect(refusedMcp.status).toBe(200);
      expect(refusedMcp.body.error).toMatchObject({ code: -32000, data: { active_sessions: 3, max_sessions: 3 } });
      const refusedInit = await postMcp(server, { jsonrpc: "2.0", id: 3, method: "initialize", params: { protocolVersion: "2025-06-18" } });
      expect(refusedInit.body.error.code).toBe(-32000);

      // a closed socket frees its place at once
      ws.send({ type: "close" });
      await ws.closed;
      expect((await post(server, "/reset", { scenario_id: SCENARIO, episode_id: "x" })).status).toBe(200);
      expect(server.app.context.sessions.counts).toEqual({ httpEpisodes: 2, privateSessions: 1 });
    } finally {
      await server.close();
    }
  });

  it("a socket that drops without a close frame frees its session too", async () => {
    const server = await liveServer({ maxSessions: 1 });
    try {
      const ws = await openSocket(server);
      ws.raw.terminate();
      await ws.closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await openSocket(server);
      expect((await next.ask({ type: "state" })).type).toBe("state");
    } finally {
      await server.close();
    }
  });
});

describe("idle expiry", () => {
  it("a socket idle past SESSION_TTL_S gets a SESSION_ERROR frame and a close 1000; frames keep it alive", async () => {
    const clock = testClock();
    const server = await liveServer({ sessionTtlSeconds: 60, clock, sweepIntervalMs: 10 });
    try {
      const kept = await openSocket(server);
      const idle = await openSocket(server);
      await kept.ask({ type: "reset", data: { scenario_id: SCENARIO } });
      await idle.ask({ type: "reset", data: { scenario_id: SCENARIO } });
      clock.now += 40_000;
      await kept.ask({ type: "state" });
      clock.now += 40_000; // idle: 80 s without a frame; kept: 40 s
      const expired = await idle.next();
      expect(expired.data.code).toBe("SESSION_ERROR");
      expect(expired.data.message).toContain("expired after 60 s");
      expect((await idle.closed).code).toBe(1000);
      expect((await kept.ask({ type: "state" })).data.step_count).toBe(0);
      expect(server.app.context.sessions.counts.privateSessions).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("an MCP session idle past the TTL is gone: -32602 for OpenEnv's session_id, 404 for Mcp-Session-Id", async () => {
    const clock = testClock();
    const server = await liveServer({ sessionTtlSeconds: 60, clock });
    try {
      const created = await postMcp(server, { jsonrpc: "2.0", id: 1, method: "openenv/session/create" });
      const init = await postMcp(server, { jsonrpc: "2.0", id: 2, method: "initialize", params: { protocolVersion: "2025-06-18" } });
      const header = init.headers.get("mcp-session-id")!;
      clock.now += 61_000;
      const call = await postMcp(server, { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "get_observation", session_id: created.body.result.session_id } });
      expect(call.body.error).toMatchObject({ code: -32602, message: expect.stringContaining("Unknown session_id") });
      const stale = await postMcp(server, { jsonrpc: "2.0", id: 4, method: "tools/list" }, { "mcp-session-id": header });
      expect(stale.status).toBe(404);
      expect(stale.body.error.message).toContain("expired after 60 s");
      expect(server.app.context.sessions.size).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe("frames on one socket", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("every request frame gets exactly one answer, in order, even when sent all at once", async () => {
    const ws = await openSocket(server);
    await ws.ask({ type: "reset", data: { scenario_id: SCENARIO, episode_id: "burst" } });
    const frames: unknown[] = [];
    for (let i = 0; i < 8; i++) frames.push({ type: "step", data: { action_type: "delete_line", file_path: "nope", line_number: 1 } }, { type: "state" }, "not json", { type: "mcp", data: { jsonrpc: "2.0", id: i, method: "ping" } });
    for (const frame of frames) ws.send(frame);
    const answers = [];
    for (const _ of frames) answers.push(await ws.next());
    answers.forEach((answer, i) => {
      const round = Math.floor(i / 4);
      expect(answer.type).toBe(["observation", "state", "error", "mcp"][i % 4]);
      if (i % 4 === 0) expect(answer.data.observation.step_count).toBe(round + 1);
      if (i % 4 === 1) expect(answer.data.step_count).toBe(round + 1);
      if (i % 4 === 3) expect(answer.data.id).toBe(round);
    });
    ws.send({ type: "close" });
    expect((await ws.closed).code).toBe(1000);
  });

  it("list_tools and call_tool step actions answer as OpenEnv's MCP environments do (echo_env captures)", async () => {
    const listCapture = echoCaptures.find((c) => c.req === "POST /step" && c.body?.action?.type === "list_tools")!.resp;
    const callCapture = echoCaptures.find((c) => c.req === "POST /step" && c.body?.action?.type === "call_tool")!.resp;
    const ws = await openSocket(server);

    const listed = await ws.ask({ type: "step", data: { type: "list_tools" } });
    expect(listed.type).toBe("observation");
    expect(Object.keys(listed.data.observation)).toEqual(Object.keys(listCapture.observation));
    expect(Object.keys(listed.data.observation.tools[0]).sort()).toEqual(Object.keys(listCapture.observation.tools[0]).sort());
    expect([listed.data.reward, listed.data.done]).toEqual([listCapture.reward, listCapture.done]);
    const names = listed.data.observation.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(["list_tasks", "start_scenario", "view_files", "edit_file", "request_hint", "submit", "grade_trajectory"]));
    for (const reserved of ["reset", "step", "state", "close"]) expect(names).not.toContain(reserved);

    const started = await ws.ask({ type: "step", data: { type: "call_tool", tool_name: "start_scenario", arguments: { scenario_id: SCENARIO } } });
    expect(Object.keys(started.data.observation).sort()).toEqual(Object.keys(callCapture.observation).sort());
    expect(Object.keys(started.data.observation.result).sort()).toEqual(Object.keys(callCapture.observation.result).sort());
    expect(started.data.observation.result.data.observation.scenario_id).toBe(SCENARIO);
    expect(started.data.observation.error).toBeNull();

    const fixed = await ws.ask({
      type: "step",
      data: { type: "call_tool", tool_name: "replace_line", arguments: { file_path: "Dockerfile", line_number: lineOf(started, "requirments"), new_content: "COPY requirements.txt ." } },
    });
    // an acting tool carries the step's reward and done, as a trainer needs
    expect(fixed.data.reward).toBeCloseTo(0.3);
    expect(fixed.data.done).toBe(true);
    expect(fixed.data.observation.result.data.observation.issues_fixed).toBe(1);

    const unknown = await ws.ask({ type: "step", data: { type: "call_tool", tool_name: "reset", arguments: {} } });
    expect(unknown.data.observation).toMatchObject({ tool_name: "reset", result: null, error: { error_type: "tool_not_found" } });
    const invalid = await ws.ask({ type: "step", data: { type: "call_tool", tool_name: "view_files", arguments: { file_path: 3 } } });
    expect(invalid.data.observation.error).toMatchObject({ error_type: "invalid_args", message: expect.stringContaining("file_path") });
    const done = await ws.ask({ type: "step", data: { type: "call_tool", tool_name: "submit" } });
    expect(done.data.observation.error).toMatchObject({ error_type: "execution_error", message: expect.stringContaining("is done") });
    const malformed = await ws.ask({ type: "step", data: { type: "call_tool" } });
    expect(malformed.data).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ type: "missing", loc: ["tool_name"] }] });
    ws.raw.close();
  });

  it("?session_id= joins an MCP session: /ws and /mcp then act on one episode, and the socket leaves it open", async () => {
    const created = await postMcp(server, { jsonrpc: "2.0", id: 1, method: "openenv/session/create" });
    const sessionId = created.body.result.session_id;
    const ws = await openSocket(server, `?session_id=${sessionId}`);
    await ws.ask({ type: "reset", data: { scenario_id: SCENARIO, episode_id: "joined" } });
    await ws.ask({ type: "step", data: { action_type: "request_hint" } });
    const state = await postMcp(server, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "get_episode_state", session_id: sessionId } });
    expect(state.body.result.data).toMatchObject({ episode_id: "joined", step_count: 1, hints_used: 1 });
    ws.raw.close();
    await ws.closed;
    const closed = await postMcp(server, { jsonrpc: "2.0", id: 3, method: "openenv/session/close", params: { session_id: sessionId } });
    expect(closed.body.result).toEqual({ session_id: sessionId, closed: true });

    // closing the MCP session under a socket that joined it closes the socket too
    const second = (await postMcp(server, { jsonrpc: "2.0", id: 4, method: "openenv/session/create" })).body.result.session_id;
    const joined = await openSocket(server, `?session_id=${second}`);
    await postMcp(server, { jsonrpc: "2.0", id: 5, method: "openenv/session/close", params: { session_id: second } });
    expect((await joined.next()).data).toMatchObject({ code: "SESSION_ERROR", message: expect.stringContaining("session/close") });
    expect((await joined.closed).code).toBe(1000);

    const stranger = await openSocket(server, "?session_id=nope");
    expect((await stranger.next()).data).toMatchObject({ code: "SESSION_ERROR", message: expect.stringContaining("Unknown session_id") });
    expect((await stranger.closed).code).toBe(1000);
  });

  it("several sockets may join one MCP session: each is answered, one closing leaves the others, and closing the session closes them all", async () => {
    const sessionId = (await postMcp(server, { jsonrpc: "2.0", id: 1, method: "openenv/session/create" })).body.result.session_id;
    const first = await openSocket(server, `?session_id=${sessionId}`, 2_000);
    const second = await openSocket(server, `?session_id=${sessionId}`, 2_000);
    await first.ask({ type: "reset", data: { scenario_id: SCENARIO, episode_id: "shared" } });
    await second.ask({ type: "step", data: { action_type: "request_hint" } });
    expect((await first.ask({ type: "state" })).data).toMatchObject({ episode_id: "shared", step_count: 1 });
    first.raw.close();
    await first.closed;
    expect((await second.ask({ type: "state" })).data).toMatchObject({ episode_id: "shared", step_count: 1 });
    const third = await openSocket(server, `?session_id=${sessionId}`, 2_000);
    await postMcp(server, { jsonrpc: "2.0", id: 2, method: "openenv/session/close", params: { session_id: sessionId } });
    for (const socket of [second, third]) {
      expect((await socket.next()).data).toMatchObject({ code: "SESSION_ERROR", message: expect.stringContaining("session/close") });
      expect((await socket.closed).code).toBe(1000);
    }
  });

  it("a WebSocket's own session cannot be joined by another socket", async () => {
    const owner = await openSocket(server);
    const own = (await owner.ask({ type: "mcp", data: { jsonrpc: "2.0", id: 1, method: "openenv/session/create" } })).data.result.session_id;
    const intruder = await openSocket(server, `?session_id=${own}`, 2_000);
    expect((await intruder.next()).data).toMatchObject({ code: "SESSION_ERROR", message: expect.stringContaining("cannot be joined") });
    expect((await intruder.closed).code).toBe(1000);
    expect((await owner.ask({ type: "state" })).type).toBe("state");
    owner.raw.close();
  });

  it("a WebSocket's own session cannot be closed through an mcp frame, and session/create names it", async () => {
    const ws = await openSocket(server);
    const created = await ws.ask({ type: "mcp", data: { jsonrpc: "2.0", id: 1, method: "openenv/session/create" } });
    const own = created.data.result.session_id;
    const refused = await ws.ask({ type: "mcp", data: { jsonrpc: "2.0", id: 2, method: "openenv/session/close", params: { session_id: own } } });
    expect(refused.data.error.code).toBe(-32600);
    const invalid = await ws.ask({ type: "mcp", data: { jsonrpc: "2.0", id: 3, method: "tools/list", params: null } });
    expect(invalid.data).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    ws.raw.close();
  });
});

/** The 1-based line of the first file line containing `text` in a call_tool start_scenario answer. */
function lineOf(started: any, text: string): number {
  const dockerfile: string = started.data.observation.result.data.observation.files.Dockerfile;
  return dockerfile.split("\n").findIndex((line) => line.includes(text)) + 1;
}
