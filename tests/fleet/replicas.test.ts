/**
 * Two servers on one Redis store, in this process (no balancer: each request goes to the replica the test
 * names), for what a fleet must guarantee request by request: an episode reset on one replica is stepped on
 * the other, the default episode and MAX_SESSIONS are the fleet's, two steps of one episode racing on two
 * replicas record exactly one (the other is a 409, nothing lost or twice), and a finished WebSocket episode
 * of one replica is replayed from the store by the other.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { startRedis, type RedisProcess } from "../../scripts/fleet/redis-process.js";
import { skipFleet } from "../../scripts/fleet/tools.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { get, post, testApp } from "../server/helpers.js";
import { liveServer, openSocket, type LiveServer } from "../server/live.js";

const catalog = loadCatalog();
const SCENARIO = catalog.scenario("typo_filename")!;

/** Empties the store: a test of the fleet's capacity counts every episode in it. */
async function flush(redis: RedisProcess): Promise<void> {
  const client = new Redis(redis.url);
  await client.flushall();
  client.disconnect();
}

describe.skipIf(skipFleet())("replicas sharing one Redis", () => {
  let redis: RedisProcess;
  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });

  /** Two apps on the same store, each with its own live episodes. */
  async function pair(options: { maxSessions?: number } = {}) {
    const make = () => testApp({ episodeStore: redis.url, ...options });
    const apps = [make(), make()] as const;
    for (const app of apps) expect(await app.context.sessions.ready(10_000)).toBe(true);
    return { a: apps[0], b: apps[1], close: () => Promise.all(apps.map((app) => app.context.sessions.dispose())) };
  }

  it("a reset on one replica is stepped and read on the other, and its record is the actions sent", async () => {
    const { a, b, close } = await pair();
    const reset = await post(a, "/reset", { scenario_id: SCENARIO.id });
    const id = reset.body.observation.episode_id;
    const sent: Action[] = [];
    let last = reset.body;
    for (const [i, action] of SCENARIO.solution.entries()) {
      last = (await post(i % 2 === 0 ? b : a, "/step", { episode_id: id, action })).body;
      sent.push(action);
    }
    expect(last.done).toBe(true);
    const state = (await get(a, `/state?episode_id=${id}`)).body;
    expect(state).toMatchObject({ episode_id: id, done: true, score: last.observation.score });
    expect(state.actions).toEqual(sent);
    const record = await get(b, `/episodes/${id}/record`);
    expect(record.body).toMatchObject({ transport: "http", record: { episode_id: id, scenario_id: SCENARIO.id, actions: sent, done: true } });
    const graded = await post(b, "/grader", { scenario_id: SCENARIO.id, actions: record.body.record.actions });
    expect(graded.body.breakdown.score).toBe(last.observation.score);
    // A finished episode refuses more steps on either replica.
    expect((await post(a, "/step", { episode_id: id, action: { action_type: "submit" } })).status).toBe(409);
    await close();
  });

  it("two steps of one episode racing on two replicas: one is recorded, the other is a 409 that says so", async () => {
    const { a, b, close } = await pair();
    const id = (await post(a, "/reset", { scenario_id: SCENARIO.id })).body.observation.episode_id;
    let raced = 0;
    let recorded = 0;
    // Four rounds of at most two steps each stay within the scenario's max_steps.
    for (let round = 0; round < 4; round++) {
      const [fromA, fromB] = await Promise.all([
        post(a, "/step", { episode_id: id, action: { action_type: "inspect", command: "cat Dockerfile" } }),
        post(b, "/step", { episode_id: id, action: { action_type: "inspect", command: "ls" } }),
      ]);
      const statuses = [fromA.status, fromB.status].sort();
      expect([[200, 200], [200, 409]]).toContainEqual(statuses);
      recorded += statuses.filter((s) => s === 200).length;
      if (statuses[1] === 409) {
        raced++;
        const loser = fromA.status === 409 ? fromA : fromB;
        expect(loser.body.detail).toContain("was not recorded");
      }
      // Whatever the order, the record holds exactly the answered steps: none lost, none twice.
      const state = (await get(round % 2 === 0 ? a : b, `/state?episode_id=${id}`)).body;
      expect(state.actions).toHaveLength(recorded);
    }
    // The requests leave together, so both replicas read the same step count: the race does happen.
    expect(raced).toBeGreaterThan(0);
    await close();
  });

  it("the default episode and MAX_SESSIONS are the fleet's", async () => {
    await flush(redis);
    const { a, b, close } = await pair({ maxSessions: 2 });
    const first = (await post(a, "/reset", { scenario_id: SCENARIO.id })).body.observation.episode_id;
    const stepped = await post(b, "/step", { action: { action_type: "request_hint" } });
    expect(stepped.status).toBe(200);
    expect(stepped.body.observation.episode_id).toBe(first);
    expect((await post(b, "/reset", { scenario_id: SCENARIO.id, episode_id: "second" })).status).toBe(200);
    const refused = await post(a, "/reset", { scenario_id: SCENARIO.id, episode_id: "third" });
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toContain("2/2 sessions active");
    // Finishing one on replica A makes room for a reset on replica B.
    await post(a, "/step", { episode_id: "second", action: { action_type: "submit" } });
    expect((await post(b, "/reset", { scenario_id: SCENARIO.id, episode_id: "third" })).status).toBe(200);
    expect((await get(a, "/state?episode_id=second")).status).toBe(404);
    await close();
  });

  it("a finished WebSocket episode on one replica is replayed from the store by another", async () => {
    let server: LiveServer | undefined;
    const other = testApp({ episodeStore: redis.url });
    try {
      server = await liveServer({ episodeStore: redis.url });
      expect(await server.app.context.sessions.ready(10_000)).toBe(true);
      const ws = await openSocket(server);
      const episodeId = `ws-${randomUUID()}`;
      await ws.ask({ type: "reset", data: { scenario_id: SCENARIO.id, episode_id: episodeId } });
      let last: any;
      for (const action of SCENARIO.solution) last = await ws.ask({ type: "step", data: action });
      expect(last.data.done).toBe(true);
      ws.send({ type: "close" });
      await ws.closed;
      let record = await get(other, `/episodes/${episodeId}/record`);
      for (let i = 0; i < 50 && record.status === 404; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20)); // archiving does not hold up the step's answer
        record = await get(other, `/episodes/${episodeId}/record`);
      }
      expect(record.body).toMatchObject({ transport: "ws", record: { episode_id: episodeId, actions: SCENARIO.solution, done: true } });
      const graded = await post(other, "/grader", { scenario_id: SCENARIO.id, actions: record.body.record.actions });
      expect(graded.body.breakdown.score).toBe(last.data.observation.score);
      expect((await get(other, "/episodes/never-played/record")).status).toBe(404);
    } finally {
      await server?.close();
      await other.context.sessions.dispose();
    }
  });
});
