/**
 * GET /episodes/{id}/record and EPISODE_STORE on the default memory store: a stored HTTP episode's record,
 * finished WebSocket and MCP episodes archived for replay, a clear 404 and 422 for the rest, and a malformed
 * EPISODE_STORE refused at start rather than silently replaced by memory.
 */
import { describe, expect, it } from "vitest";
import { resolveOptions } from "../../server/options.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { get, post, testApp } from "../server/helpers.js";
import { liveServer, openSocket } from "../server/live.js";

const SCENARIO = loadCatalog().scenario("typo_filename")!;

describe("GET /episodes/{id}/record", () => {
  it("answers a stored HTTP episode's record, in play or finished, which /grader replays", async () => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: SCENARIO.id, episode_id: "ep" });
    expect((await get(app, "/episodes/ep/record")).body).toEqual({
      transport: "http",
      record: { episode_id: "ep", scenario_id: SCENARIO.id, seed: null, actions: [], hints_used: 0, done: false },
    });
    let last: any;
    for (const action of SCENARIO.solution) last = (await post(app, "/step", { episode_id: "ep", action })).body;
    const record = (await get(app, "/episodes/ep/record")).body.record;
    expect(record).toMatchObject({ actions: SCENARIO.solution, done: true });
    expect((await post(app, "/grader", { scenario_id: record.scenario_id, actions: record.actions })).body.breakdown.score).toBe(last.observation.score);
  });

  it("answers finished WebSocket and MCP episodes from the archive, and a 404 for what it never held", async () => {
    const server = await liveServer();
    try {
      const ws = await openSocket(server);
      await ws.ask({ type: "reset", data: { scenario_id: SCENARIO.id, episode_id: "over-ws" } });
      for (const action of SCENARIO.solution) await ws.ask({ type: "step", data: action });
      const rpc = (id: number, method: string, params: unknown) =>
        fetch(`${server.url}/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id, method, params }) }).then((r) => r.json() as Promise<any>);
      const session = (await rpc(1, "openenv/session/create", {})).result.session_id;
      const started = await rpc(2, "tools/call", { session_id: session, name: "start_scenario", arguments: { scenario_id: SCENARIO.id } });
      const mcpEpisode = started.result.data.observation.episode_id;
      await rpc(3, "tools/call", { session_id: session, name: "submit", arguments: {} });
      const records = await Promise.all(["over-ws", mcpEpisode].map(async (id) => (await fetch(`${server.url}/episodes/${id}/record`)).json() as Promise<any>));
      expect(records[0]).toMatchObject({ transport: "ws", record: { episode_id: "over-ws", actions: SCENARIO.solution, done: true } });
      expect(records[1]).toMatchObject({ transport: "mcp", record: { episode_id: mcpEpisode, actions: [{ action_type: "submit" }], done: true } });
      const missing = await fetch(`${server.url}/episodes/never-played/record`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as any).detail).toContain("episode 'never-played' not found");
    } finally {
      await server.close();
    }
  });

  it("refuses an id too long to be one with a 422 naming the path parameter", async () => {
    const res = await get(testApp(), `/episodes/${"x".repeat(300)}/record`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ type: "string_too_long", loc: ["path", "episode_id"] });
  });
});

describe("EPISODE_STORE", () => {
  it("is memory unless it names Redis; anything else is refused with the setting's name", () => {
    expect(resolveOptions({}, {}).episodeStore).toBe("memory");
    expect(resolveOptions({}, { EPISODE_STORE: "memory" }).episodeStore).toBe("memory");
    expect(resolveOptions({}, { EPISODE_STORE: "redis://cache:6379/2" }).episodeStore).toBe("redis://cache:6379/2");
    expect(resolveOptions({}, { EPISODE_STORE: "rediss://user:secret@cache:6380" }).episodeStore).toBe("rediss://user:secret@cache:6380");
    for (const bad of ["postgres://db", "redis://", "localhost:6379", "memroy"]) {
      expect(() => resolveOptions({}, { EPISODE_STORE: bad })).toThrow(/^EPISODE_STORE must be 'memory' or a redis:\/\/ \(rediss:\/\/\) URL/);
    }
  });
});
