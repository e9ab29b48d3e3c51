/**
 * Issue 11's repros, one test each, through the transports that broke: a deep WebSocket frame that ended
 * the process, a hunk start that hung it, the 500s (objects where strings belong, inherited properties found
 * by path, a simulator that throws), the episode a 500 poisoned, and the file named __proto__ that vanished.
 * The glob repros (backtracking, bad patterns' own errors) are in globs.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";
import { get, post, testApp } from "../server/helpers.js";
import { liveServer, openSocket, type LiveServer } from "../server/live.js";

const catalog = loadCatalog();
/** ~4,500 nested arrays: about 9 KB, the frame that ended the process. */
const DEEP = "[".repeat(4_500) + "]".repeat(4_500);
const HOSTILE_TAG = { toString: "x" };
const rpc = (method: string, params?: unknown) => ({ jsonrpc: "2.0", id: 1, method, ...(params === undefined ? {} : { params }) });

describe("a deep WebSocket frame is refused with a short error frame; the process and the socket live on", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer();
  });
  afterAll(() => server.close());

  it.each([
    ["the data of a reset", `{"type":"reset","data":${DEEP}}`],
    ["the type", `{"type":${DEEP}}`],
    ["an action field", `{"type":"step","data":{"action_type":${DEEP}}}`],
    ["an MCP request", `{"type":"mcp","data":{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":${DEEP}}}}`],
    ["the whole frame", DEEP],
  ])("nesting in %s", async (_where, frame) => {
    expect(frame.length).toBeGreaterThanOrEqual(9_000);
    const socket = await openSocket(server);
    const answer = await socket.ask(frame);
    expect(answer.type).toBe("error");
    expect(answer.data.code).toBe("INVALID_JSON");
    expect(answer.data.message).toMatch(/nesting deeper than 64 levels at position \d+/);
    expect(JSON.stringify(answer).length).toBeLessThan(300);
    // The same socket still plays.
    const reset = await socket.ask({ type: "reset", data: { scenario_id: "typo_filename" } });
    expect(reset.type).toBe("observation");
    socket.raw.close();
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(server.app.logged).toEqual([]);
  });

  it("error frames quote at most a short part of a huge type, a huge non-object frame or a huge bad field", async () => {
    const socket = await openSocket(server);
    const unknown = await socket.ask({ type: "x".repeat(500_000) });
    expect(unknown.data.code).toBe("UNKNOWN_TYPE");
    expect(unknown.data.message.length).toBeLessThan(300);
    await socket.ask({ type: "reset", data: { scenario_id: "typo_filename" } });
    const invalid = await socket.ask({ type: "step", data: { action_type: "delete_line", file_path: "y".repeat(600_000), line_number: 1 } });
    expect(invalid.data.code).toBe("VALIDATION_ERROR");
    expect(JSON.stringify(invalid).length).toBeLessThan(2_000);
    expect(invalid.data.errors[0]).toMatchObject({ type: "string_too_long", loc: ["file_path"] });
    const notObject = await socket.ask(JSON.stringify("z".repeat(500_000)));
    expect(notObject.data.code).toBe("SESSION_ERROR");
    expect(notObject.data.message.length).toBeLessThan(300);
    await socket.closed;
  });
});

describe("a hunk start beyond the file is a failed action at once", () => {
  it.each([
    ["9007199254740992,1", "@@ -9007199254740991 or more,1 +1,2 @@) starts after the end of Dockerfile"],
    ["9007199254740992,0", "@@ -9007199254740991 or more,0 +1,2 @@) starts after the end of Dockerfile"],
    ["10000000,1", "@@ -10000000,1 +1,2 @@) starts after the end of Dockerfile"],
    ["99999999999999999999999,1", "starts after the end of Dockerfile"],
  ])("@@ -%s @@", async (range, message) => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: "typo_filename", episode_id: "ep" });
    const patch = `--- a/Dockerfile\n+++ b/Dockerfile\n@@ -${range} +1,2 @@\n${range.endsWith(",0") ? "" : "-FROM python:3.12-slim\n"}+FROM python:3.12\n+# x\n`;
    const started = performance.now();
    const res = await post(app, "/step", { episode_id: "ep", action: { action_type: "apply_patch", patch } });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(res.status).toBe(200);
    expect(res.body.observation.last_action_error).toContain(message);
    expect(res.body.observation.last_action_error).toMatch(/which has \d+ lines/);
    expect((await get(app, "/health")).status).toBe(200);
  });
});

describe("objects where strings belong are 422s, never 500s", () => {
  const app = testApp();

  it("action_type {toString: 'x'} on /step, /grader and /arena", async () => {
    await post(app, "/reset", { scenario_id: "typo_filename", episode_id: "ep" });
    const step = await post(app, "/step", { episode_id: "ep", action: { action_type: HOSTILE_TAG } });
    expect(step.status).toBe(422);
    expect(step.body.detail[0]).toMatchObject({ type: "union_tag_invalid", loc: ["action_type"] });
    expect(step.body.detail[0].msg).toContain(`Input tag '{"toString": "x"}'`);
    const graded = await post(app, "/grader", { scenario_id: "typo_filename", actions: [{ action_type: HOSTILE_TAG }] });
    expect(graded.status).toBe(422);
    expect(graded.body.detail[0].loc).toEqual(["body", "actions", 0, "action_type"]);
    const contestant = { label: "a", actions: [{ action_type: HOSTILE_TAG }] };
    const arena = await post(app, "/arena", { scenario_id: "typo_filename", a: contestant, b: contestant });
    expect(arena.status).toBe(422);
    expect(app.logged).toEqual([]);
  });

  it("MCP session_id {toString: 1} is an unknown session, quoted", async () => {
    const res = await post(app, "/mcp", rpc("tools/call", { name: "view_files", session_id: { toString: 1 } }));
    expect(res.status).toBe(200);
    expect(res.body.error).toMatchObject({ code: -32602, message: 'Unknown session_id: {"toString": 1}' });
    const close = await post(app, "/mcp", rpc("openenv/session/close", { session_id: { toString: 1 } }));
    expect(close.body.error.code).toBe(-32602);
    expect(app.logged).toEqual([]);
  });

  it("over /ws, the same tag is a VALIDATION_ERROR frame", async () => {
    const server = await liveServer();
    try {
      const socket = await openSocket(server);
      await socket.ask({ type: "reset", data: { scenario_id: "typo_filename" } });
      const answer = await socket.ask({ type: "step", data: { action_type: HOSTILE_TAG } });
      expect(answer.data).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ type: "union_tag_invalid" }] });
      socket.raw.close();
      expect(server.app.logged).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe("paths are own keys: view_files finds no inherited property", () => {
  it.each(["toString", "constructor", "__proto__", "hasOwnProperty"])("view_files %s is 'no file', not a function or a prototype", async (path) => {
    const app = testApp();
    const session = (await post(app, "/mcp", rpc("openenv/session/create"))).body.result.session_id;
    await post(app, "/mcp", rpc("tools/call", { name: "start_scenario", arguments: { scenario_id: "typo_filename" }, session_id: session }));
    const res = await post(app, "/mcp", rpc("tools/call", { name: "view_files", arguments: { file_path: path }, session_id: session }));
    expect(res.status).toBe(200);
    expect(res.body.error.message).toContain(`no file '${path}' in the repository`);
    expect(app.logged).toEqual([]);
  });
});

describe("a file named __proto__ is a file like any other", () => {
  it("can be created and edited, appears in observation.files and file_modes, and replays the same", async () => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: "typo_filename", episode_id: "ep" });
    const created = await post(app, "/step", { episode_id: "ep", action: { action_type: "edit_file", edits: [{ file_path: "__proto__", old_content: "", new_content: "one\n" }] } });
    expect(created.body.observation.last_action_error).toBeNull();
    expect(Object.hasOwn(created.body.observation.files, "__proto__")).toBe(true);
    expect(created.body.observation.files["__proto__"]).toBe("one\n");
    const edited = await post(app, "/step", { episode_id: "ep", action: { action_type: "replace_line", file_path: "__proto__", line_number: 1, new_content: "two" } });
    expect(edited.body.observation.files["__proto__"]).toBe("two\n");
    expect(edited.body.observation.file_modes["__proto__"]).toBe("100644");
    expect(created.text).toContain('"__proto__":"one\\n"');

    const session = (await post(app, "/mcp", rpc("openenv/session/create"))).body.result.session_id;
    await post(app, "/mcp", rpc("tools/call", { name: "start_scenario", arguments: { scenario_id: "typo_filename" }, session_id: session }));
    await post(app, "/mcp", rpc("tools/call", { name: "edit_file", arguments: { edits: [{ file_path: "__proto__", old_content: "", new_content: "x\n" }] }, session_id: session }));
    const viewed = await post(app, "/mcp", rpc("tools/call", { name: "view_files", arguments: { file_path: "__proto__" }, session_id: session }));
    expect(viewed.body.result.data).toEqual({ file_path: "__proto__", content: "x\n", lines: 1 });

    const state = (await get(app, "/state?episode_id=ep")).body;
    const replayed = await post(app, "/grader", { scenario_id: "typo_filename", actions: state.actions });
    expect(replayed.body.history.map((h: { reward: number }) => h.reward)).toEqual([created.body.reward, edited.body.reward]);
  });
});

describe("a simulator that throws does not poison the episode", () => {
  // `[z-a]` in .dockerignore threw a SyntaxError inside the Docker simulator, and from then on every action
  // of the episode was a 500. Whatever the simulator makes of it, the episode must stay playable.
  const scenario = catalog.scenarios.find((s) => s.id === "typo_filename")!;
  const file = scenario.files[".dockerignore"]!;
  const ignore = typeof file === "string" ? file : file.content;

  it("over HTTP: the step answers 200, and the next action is applied as usual", async () => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: scenario.id, episode_id: "ep" });
    const bad = await post(app, "/step", { episode_id: "ep", action: { action_type: "edit_file", edits: [{ file_path: ".dockerignore", old_content: ignore, new_content: `${ignore}[z-a]\n` }] } });
    expect(bad.status).toBe(200);
    const next = await post(app, "/step", { episode_id: "ep", action: { action_type: "add_line", file_path: "README.md", line_number: 1, content: "# notes" } });
    expect(next.status).toBe(200);
    expect(next.body.observation.last_action_error).toBeNull();
    expect(next.body.observation.files["README.md"]).toMatch(/^# notes\n/);
    expect(app.logged).toEqual([]);
  });

  it("through /grader: the trajectory is graded, every action answered", async () => {
    const app = testApp();
    const actions = [
      { action_type: "edit_file", edits: [{ file_path: ".dockerignore", old_content: ignore, new_content: `${ignore}[z-a]\n` }] },
      { action_type: "request_hint" },
    ];
    const res = await post(app, "/grader", { scenario_id: scenario.id, actions });
    expect(res.status).toBe(200);
    expect(res.body.history).toHaveLength(2);
    expect(res.body.history[1]).toMatchObject({ action_type: "request_hint", reward: -0.04 });
    expect(res.body.breakdown.score).toBeGreaterThanOrEqual(0.01);
  });
});
