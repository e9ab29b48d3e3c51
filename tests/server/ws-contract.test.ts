/**
 * /ws against OpenEnv's reference-server captures: the same frame types, error codes and top-level fields for
 * the same kinds of frames, with breakfix's actions in place of the capture environment's.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveServer, openSocket, type LiveServer } from "./live.js";
import { withoutUrl } from "./helpers.js";

interface WsCapture {
  send?: unknown;
  recv?: any;
  after_close?: string;
}
const captures = JSON.parse(readFileSync(new URL("./fixtures/openenv-wire-captures.json", import.meta.url), "utf8"));
const wsCaptures: WsCapture[] = captures.fix_env.ws;
const capacityCaptures: any[] = captures.fix_env.capacity;
const misc: string = captures.misc_probes_text;

/** The capture whose sent frame contains `fragment`. */
function captured(fragment: string): WsCapture {
  const found = wsCaptures.find((c) => c.send !== undefined && JSON.stringify(c.send).includes(fragment));
  if (!found) throw new Error(`no ws capture with ${fragment}`);
  return found;
}

/** Same frame type and the same keys at the top of `data` (and the same error code for errors). */
function expectSameShape(actual: any, expected: any): void {
  expect(actual.type).toBe(expected.type);
  expect(Object.keys(actual.data).sort()).toEqual(Object.keys(expected.data).sort());
  if (expected.type === "error") expect(actual.data.code).toBe(expected.data.code);
  if (expected.type === "observation") expect(Object.keys(actual.data).sort()).toEqual(["done", "observation", "reward"]);
}

const SCENARIO = "typo_filename";
const FIX = { action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "COPY requirments.txt .", new_content: "COPY requirements.txt ." }] };

describe("/ws frames as OpenEnv's reference server answers them", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("replays the captured session: reset, step, state, errors, mcp, done, close", async () => {
    const ws = await openSocket(server);
    // An extra kwarg, which the capture's environment ignored, is refused: the message itself names the field
    // and what a reset accepts, since OpenEnv's client raises with the message alone. The session stays open.
    const extraKwarg = await ws.ask({ type: "reset", data: { scenario_id: SCENARIO, seed: 3, episode_id: "ws-ep", temperature: 0.2 } });
    expect(extraKwarg.data).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Invalid reset data: temperature: Extra inputs are not permitted: reset accepts task_id, scenario_id, seed, episode_id, difficulty, split, observation_mode",
      errors: [{ type: "extra_forbidden", loc: ["temperature"], input: 0.2 }],
    });
    // reset with seed and episode_id, as OpenEnv clients send them
    const reset = await ws.ask({ type: "reset", data: { scenario_id: SCENARIO, seed: 3, episode_id: "ws-ep" } });
    expectSameShape(reset, captured('"type":"reset","data":{"seed":3').recv);
    expect(reset.data.observation).toMatchObject({ episode_id: "ws-ep", scenario_id: SCENARIO, step_count: 0 });
    expect([reset.data.reward, reset.data.done]).toEqual([0, false]);

    const step = await ws.ask({ type: "step", data: { action_type: "request_hint" } });
    expectSameShape(step, captured('"message":"hello"').recv);
    expect(step.data.observation.hint).toEqual(expect.any(String));

    const state = await ws.ask({ type: "state" });
    // breakfix's state has OpenEnv's two fields and more: the current observation, and the actions so far
    expect(state.type).toBe(captured('{"type":"state"}').recv.type);
    expect(state.data).toMatchObject({ ...step.data.observation, episode_id: "ws-ep", step_count: 1, actions: [{ action_type: "request_hint" }] });

    // an invalid action: VALIDATION_ERROR, errors relative to the action, as captured
    const invalid = await ws.ask({ type: "step", data: { action_type: "submit", bogus: 1 } });
    expectSameShape(invalid, captured('"message":""').recv);
    expect(invalid.data.message).toBe("Invalid message");
    expect(invalid.data.errors).toEqual([{ type: "extra_forbidden", loc: ["bogus"], msg: "Extra inputs are not permitted", input: 1 }]);

    const badJson = await ws.ask("{bad json");
    expectSameShape(badJson, captured("{bad json").recv);
    expect(badJson.data.message).toMatch(/^Invalid JSON: /);

    expect(await ws.ask({ type: "nope" })).toEqual(captured('"type":"nope"').recv);

    const again = await ws.ask({ type: "reset", data: { scenario_id: SCENARIO } });
    expectSameShape(again, captured('{"type":"reset"}').recv);
    expect(again.data.observation.step_count).toBe(0);

    const extra = captured('"extra":1').recv;
    expect(await ws.ask({ type: "state", extra: 1 })).toEqual({ ...extra, data: { ...extra.data, errors: withoutUrl(extra.data.errors) } });

    const mcp = await ws.ask({ type: "mcp", data: { jsonrpc: "2.0", method: "tools/list", id: 9 } });
    expect(mcp.type).toBe("mcp");
    expect(mcp.data).toMatchObject({ jsonrpc: "2.0", id: 9 });
    expect(mcp.data.result.tools.length).toBeGreaterThan(5);

    const done = await ws.ask({ type: "step", data: FIX });
    expectSameShape(done, captured('"message":"done"').recv);
    expect(done.data.done).toBe(true);
    expect(done.data.observation.score).toBeGreaterThanOrEqual(0.9);

    // acting on a finished episode is the engine refusing: EXECUTION_ERROR, and the session stays open
    const refused = await ws.ask({ type: "step", data: { action_type: "submit" } });
    expectSameShape(refused, captured('"message":"boom"').recv);
    expect(refused.data.message).toContain("is done");
    expect(refused.data.message).toContain('is in a {"type": "state"} frame');
    expect((await ws.ask({ type: "state" })).data).toMatchObject({ ...done.data.observation, done: true });

    ws.send({ type: "close" });
    expect(wsCaptures.at(-1)!.after_close).toContain("1000");
    expect((await ws.closed).code).toBe(1000);
  });

  it("answers the misc probes as captured: no data, null data, no type, a non-object frame", async () => {
    const ws = await openSocket(server);
    const probe = (sent: string) => {
      const line = misc.split("\n").find((l) => l.startsWith(`WS ${sent} -> `));
      if (!line) throw new Error(`no probe ${sent}`);
      const expected = JSON.parse(line.slice(`WS ${sent} -> `.length));
      return expected.data.errors ? { ...expected, data: { ...expected.data, errors: withoutUrl(expected.data.errors) } } : expected;
    };
    expect(await ws.ask({ type: "step" })).toEqual(probe('{"type": "step"}'));
    expect(await ws.ask({ type: "reset", data: null })).toEqual(probe('{"type": "reset", "data": null}'));
    expect(await ws.ask({ data: {} })).toEqual(probe('{"data": {}}'));
    // breakfix validates reset arguments, where the capture environment took any seed
    const negative = await ws.ask({ type: "reset", data: { seed: -1 } });
    expect(negative.data).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ type: "greater_than_equal", loc: ["seed"] }] });
    expect(negative.data.message).toBe("Invalid reset data: seed: Input should be greater than or equal to 0");
    const unknown = await ws.ask({ type: "reset", data: { scenario_id: "nope" } });
    expect(unknown.data).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ type: "value_error", loc: ["scenario_id"] }] });
    expect(unknown.data.message).toContain("Invalid reset data: scenario_id: unknown scenario_id 'nope'");
    // a frame that is not an object kills the session, as captured
    const fatal = await ws.ask([1, 2]);
    expect(fatal.type).toBe(probe("[1, 2]").type);
    expect(fatal.data.code).toBe("SESSION_ERROR");
    expect(misc).toContain("server closed the socket after the SESSION_ERROR");
    expect((await ws.closed).code).toBe(1000);
  });

  it("a step before any reset is an EXECUTION_ERROR that says to reset; state is OpenEnv's empty state", async () => {
    const ws = await openSocket(server);
    expect(await ws.ask({ type: "state" })).toEqual({ type: "state", data: { episode_id: null, step_count: 0 } });
    const early = await ws.ask({ type: "step", data: { action_type: "submit" } });
    expect(early.data.code).toBe("EXECUTION_ERROR");
    expect(early.data.message).toContain("reset first");
    ws.raw.close();
    await ws.closed;
  });
});

describe("capacity over /ws", () => {
  it("replays the capacity capture: accept, one CAPACITY_REACHED frame with the counts, close 1000", async () => {
    const server = await liveServer({ maxSessions: 2 });
    try {
      const first = await openSocket(server);
      const state = await first.ask({ type: "state" });
      expect(state.type).toBe(capacityCaptures[0].first_socket_state.type);
      await openSocket(server);
      const third = await openSocket(server);
      const refusal = await third.next();
      const expected = capacityCaptures[1].third_socket_unsolicited;
      expectSameShape(refusal, expected);
      expect(refusal.data).toMatchObject({ code: "CAPACITY_REACHED", active_sessions: 2, max_sessions: 2 });
      expect(refusal.data.message).toContain("capacity");
      expect(capacityCaptures[2]).toContain("1000");
      expect((await third.closed).code).toBe(1000);
    } finally {
      await server.close();
    }
  });
});
