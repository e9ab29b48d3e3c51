/**
 * STEP_TIMEOUT_MS on the worker pool: a step that never finishes fails cleanly (HTTP 503, a WebSocket
 * EXECUTION_ERROR, a tool error) without being recorded; its worker is replaced and the episodes it held are
 * rebuilt by replay, identical to episodes that never met a restart; meanwhile the server keeps answering
 * /health and every other session. The hang comes from a test judge (fixtures/slow-judge.ts) that loops
 * forever on a repository with a file named HANG.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import type { StepResult } from "../../contracts/observation.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { create, HANG_FILE, SLOW_FILE } from "./fixtures/slow-judge.js";
import { liveServer, openSocket, postMcp, type LiveServer } from "./live.js";

const catalog = loadCatalog();
const SCENARIO = catalog.scenarios[0]!;
const STEP_TIMEOUT_MS = 1500;
const judgeModule = new URL("./fixtures/slow-judge.ts", import.meta.url).href;

async function post(server: LiveServer, path: string, body: unknown): Promise<{ status: number; body: any; ms: number }> {
  const began = performance.now();
  const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json(), ms: performance.now() - began };
}

async function state(server: LiveServer, id: string): Promise<any> {
  return (await fetch(`${server.url}/state?episode_id=${id}`)).json();
}

/** What the engine itself answers for the same reset and actions (through JSON, as the wire carries it). */
function reference(scenarioId: string, episodeId: string, actions: readonly Action[]): StepResult[] {
  const episode = startJudgedEpisode(catalog, { scenario_id: scenarioId, episode_id: episodeId }, episodeId);
  const results = [episode.observe()];
  for (const action of actions) if (!episode.done) results.push(episode.step(action));
  return JSON.parse(JSON.stringify(results));
}

async function metric(server: LiveServer, name: string, labels: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? 0 : Number(line.split(" ").at(-1));
}

describe("a step past STEP_TIMEOUT_MS", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer({ workers: 2, stepTimeoutMs: STEP_TIMEOUT_MS, judgeModule });
    await server.app.context.pool.warmUp();
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it("fails with a 503 saying why, records nothing, and leaves the episode usable; the server answers meanwhile", { timeout: 60_000 }, async () => {
    expect((await post(server, "/reset", { scenario_id: SCENARIO.id, episode_id: "stuck" })).status).toBe(200);
    expect((await post(server, "/reset", { scenario_id: SCENARIO.id, episode_id: "other" })).status).toBe(200);
    const before = await state(server, "stuck");

    const hung = post(server, "/step", { episode_id: "stuck", action: create(HANG_FILE) });
    // While the step hangs: /health and the other episode answer at once.
    for (let i = 0; i < 3; i++) {
      const began = performance.now();
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect(performance.now() - began).toBeLessThan(500);
      const other = await post(server, "/step", { episode_id: "other", action: { action_type: "request_hint" } });
      expect(other.status).toBe(200);
      expect(other.ms).toBeLessThan(STEP_TIMEOUT_MS);
    }

    const failed = await hung;
    expect(failed.status).toBe(503);
    expect(failed.body.detail).toContain("STEP_TIMEOUT_MS (1500 ms)");
    expect(failed.body.detail).toContain("nothing was recorded");
    expect(failed.ms).toBeGreaterThanOrEqual(STEP_TIMEOUT_MS - 50);
    expect(failed.ms).toBeLessThan(STEP_TIMEOUT_MS + 5000);

    // Nothing recorded: the state is as before; the episode plays on, rebuilt on the new worker.
    expect(await state(server, "stuck")).toEqual(before);
    const solution = SCENARIO.solution;
    const answers = [];
    for (const action of solution) answers.push((await post(server, "/step", { episode_id: "stuck", action })).body);
    expect(answers).toEqual(reference(SCENARIO.id, "stuck", solution).slice(1));
    expect((await state(server, "other")).hints_used).toBe(3);

    expect(await metric(server, "breakfix_step_timeouts_total", 'op="step"')).toBe(1);
    expect(await metric(server, "breakfix_worker_restarts_total", 'reason="deadline"')).toBe(1);
    expect(server.app.logs.some((entry) => entry.msg === "task stopped at STEP_TIMEOUT_MS" && entry.episode_id === "stuck")).toBe(true);
  });

  it("over /ws is an EXECUTION_ERROR with the reason, and over MCP a tool error; both sessions go on", { timeout: 60_000 }, async () => {
    // Frames may wait for the replacement worker to load (seconds from the TypeScript sources).
    const socket = await openSocket(server, "", 60_000);
    expect((await socket.ask({ type: "reset", data: { scenario_id: SCENARIO.id } })).type).toBe("observation");
    const frame = await socket.ask({ type: "step", data: create(HANG_FILE) });
    expect(frame).toMatchObject({ type: "error", data: { code: "EXECUTION_ERROR", message: expect.stringContaining("STEP_TIMEOUT_MS") } });
    const next = await socket.ask({ type: "step", data: SCENARIO.solution[0] });
    expect(next.data).toEqual(reference(SCENARIO.id, next.data.observation.episode_id, SCENARIO.solution.slice(0, 1))[1]);
    socket.send({ type: "close" });
    await socket.closed;

    const rpc = (id: number, method: string, params: Record<string, unknown>, session?: string) =>
      postMcp(server, { jsonrpc: "2.0", id, method, params }, session === undefined ? {} : { "mcp-session-id": session });
    const init = await rpc(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } });
    const session = init.headers.get("mcp-session-id")!;
    await rpc(2, "tools/call", { name: "start_scenario", arguments: { scenario_id: SCENARIO.id } }, session);
    const { file_path, old_content, new_content } = create(HANG_FILE).edits[0]!;
    const tool = await rpc(3, "tools/call", { name: "edit_file", arguments: { edits: [{ file_path, old_content, new_content }] } }, session);
    expect(tool.body.result).toMatchObject({ isError: true, structuredContent: { error: { error_type: "execution_error", message: expect.stringContaining("STEP_TIMEOUT_MS") } } });
    const observed = await rpc(4, "tools/call", { name: "get_observation", arguments: {} }, session);
    expect(observed.body.result.structuredContent.observation.step_count).toBe(0);
  });

  it("bounds each step of a grading, not the whole: slow steps finish, a hung one fails with a 503", { timeout: 60_000 }, async () => {
    // Four steps of 400 ms each take longer than the deadline in all; each step reports progress in time.
    const slow = [create(SLOW_FILE), ...Array.from({ length: 3 }, (_, i) => create(`${SLOW_FILE}-${i}`))];
    const graded = await post(server, "/grader", { scenario_id: SCENARIO.id, actions: slow });
    expect(graded.status).toBe(200);
    expect(graded.body.history).toHaveLength(4);
    expect(graded.ms).toBeGreaterThan(STEP_TIMEOUT_MS);

    const hung = await post(server, "/grader", { scenario_id: SCENARIO.id, actions: [create(HANG_FILE)] });
    expect(hung.status).toBe(503);
    expect(hung.body.detail).toContain("grading ran longer than STEP_TIMEOUT_MS");
    expect((await post(server, "/grader", { scenario_id: SCENARIO.id, actions: SCENARIO.solution })).body.breakdown.score).toBeGreaterThanOrEqual(0.9);
  });
});

describe("determinism across worker restarts", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer({ workers: 2, stepTimeoutMs: STEP_TIMEOUT_MS, judgeModule });
    await server.app.context.pool.warmUp();
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it("episodes played half before and half after both workers were replaced answer as if nothing happened", { timeout: 120_000 }, async () => {
    // Six episodes, placed alternately on the two workers; each plays a hint, a failing edit and its solution.
    const plans = catalog.scenarios.slice(0, 6).map((scenario, i) => ({
      id: `replayed-${i}`,
      scenario,
      actions: [{ action_type: "request_hint" }, { action_type: "delete_line", file_path: "nope", line_number: 1 }, ...scenario.solution] as Action[],
    }));
    const answers = new Map<string, unknown[]>();
    for (const plan of plans) answers.set(plan.id, [(await post(server, "/reset", { scenario_id: plan.scenario.id, episode_id: plan.id })).body]);
    const half = 2;
    for (const plan of plans) for (const action of plan.actions.slice(0, half)) answers.get(plan.id)!.push((await post(server, "/step", { episode_id: plan.id, action })).body);

    // Two more episodes, one on each worker, hang at once: both workers are replaced.
    for (const id of ["hang-a", "hang-b"]) await post(server, "/reset", { scenario_id: SCENARIO.id, episode_id: id });
    const hangs = await Promise.all(["hang-a", "hang-b"].map((id) => post(server, "/step", { episode_id: id, action: create(HANG_FILE) })));
    expect(hangs.map((h) => h.status)).toEqual([503, 503]);
    expect(await metric(server, "breakfix_worker_restarts_total", 'reason="deadline"')).toBe(2);

    for (const plan of plans) {
      for (const action of plan.actions.slice(half)) {
        const answer = (await post(server, "/step", { episode_id: plan.id, action })).body;
        answers.get(plan.id)!.push(answer);
        if (answer.done) break;
      }
      expect(answers.get(plan.id)).toEqual(reference(plan.scenario.id, plan.id, plan.actions));
      const final = await state(server, plan.id);
      expect(final).toMatchObject({ done: true, score: expect.any(Number) });
      // The score is the grader's replay of the recorded actions, as /grader computes it.
      const graded = await post(server, "/grader", { scenario_id: plan.scenario.id, actions: final.actions });
      expect(graded.body.breakdown.score).toBe(final.score);
    }
  });
});
