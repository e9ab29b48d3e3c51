/**
 * What a fleet's clients see when Redis restarts, on a real redis-server killed and started again on the
 * same port. While it is down, every request that needs the store is a 503 with Retry-After that says the
 * store is unavailable and that nothing was reset or carried out; /health still answers. When it comes
 * back with its data (an append-only file, as deploy/kubernetes runs it), episodes go on where they were,
 * the failed step unrecorded. When it comes back empty, an episode from before is a 404 that says it was
 * lost with the store's data, never a silent fresh start; new episodes work at once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startRedis, type RedisProcess } from "../../scripts/fleet/redis-process.js";
import { skipFleet } from "../../scripts/fleet/tools.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { get, post, testApp } from "../server/helpers.js";

const SCENARIO = loadCatalog().scenario("typo_filename")!;
const hint = { action_type: "request_hint" } as const;

describe.skipIf(skipFleet())("a Redis restart", () => {
  let redis: RedisProcess | undefined;
  let apps: Array<ReturnType<typeof testApp>> = [];
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.context.sessions.dispose()));
    apps = [];
    await redis?.stop();
  });

  /** Two replicas on a fresh Redis, an episode reset on the first and stepped once on the second. */
  async function episodeInFlight(persistent: boolean) {
    redis = await startRedis({ persistent });
    apps = [testApp({ episodeStore: redis.url }), testApp({ episodeStore: redis.url })];
    for (const app of apps) expect(await app.context.sessions.ready(10_000)).toBe(true);
    const [a, b] = apps as [ReturnType<typeof testApp>, ReturnType<typeof testApp>];
    const id = (await post(a, "/reset", { scenario_id: SCENARIO.id })).body.observation.episode_id as string;
    expect((await post(b, "/step", { episode_id: id, action: hint })).status).toBe(200);
    return { a, b, id, redis };
  }

  async function expectStoreDown(app: ReturnType<typeof testApp>, id: string): Promise<void> {
    const step = await post(app, "/step", { episode_id: id, action: SCENARIO.solution[0] });
    expect(step.status).toBe(503);
    expect(step.headers.get("retry-after")).toBe("1");
    expect(step.body.detail).toMatch(/^episode store unavailable \(redis at 127\.0\.0\.1:\d+: .+\); the request was not carried out and no episode was reset/);
    expect((await get(app, `/state?episode_id=${id}`)).status).toBe(503);
    expect((await post(app, "/reset", { scenario_id: SCENARIO.id })).status).toBe(503);
    // The replica itself is fine: liveness holds while the store is away.
    expect((await get(app, "/health")).status).toBe(200);
  }

  it("with its data kept: episodes in flight fail with a 503 while it is down, then go on where they were", async () => {
    const { a, b, id, redis } = await episodeInFlight(true);
    await redis.kill();
    await expectStoreDown(a, id);
    await expectStoreDown(b, id);
    await redis.start();
    for (const app of [a, b]) expect(await app.context.sessions.ready(10_000)).toBe(true);
    const sent = [hint, ...SCENARIO.solution];
    let last: any;
    for (const [i, action] of SCENARIO.solution.entries()) last = await post(i % 2 === 0 ? a : b, "/step", { episode_id: id, action });
    expect(last.status).toBe(200);
    expect(last.body.done).toBe(true);
    const state = (await get(b, `/state?episode_id=${id}`)).body;
    // The steps refused while Redis was down were not recorded: the record is exactly the answered steps.
    expect(state.actions).toEqual(sent);
    const graded = await post(a, "/grader", { scenario_id: SCENARIO.id, actions: sent });
    expect(graded.body.breakdown.score).toBe(last.body.observation.score);
    expect([...a.logged, ...b.logged]).toEqual([]);
  });

  it("empty after the restart: episodes from before are a 404 that says they were lost, never a fresh start", async () => {
    const { a, b, id, redis } = await episodeInFlight(false);
    await redis.kill();
    await expectStoreDown(a, id);
    await redis.start();
    for (const app of [a, b]) expect(await app.context.sessions.ready(10_000)).toBe(true);
    for (const app of [a, b]) {
      const step = await post(app, "/step", { episode_id: id, action: SCENARIO.solution[0] });
      expect(step.status).toBe(404);
      expect(step.body.detail).toContain(`episode '${id}' not found`);
      expect(step.body.detail).toMatch(/the episode store \(redis at 127\.0\.0\.1:\d+\) lost its data at \S+ \(Redis restarted without persistence, or was flushed\)/);
    }
    // Neither replica brought the episode back from the copy it held.
    expect((await get(a, `/state?episode_id=${id}`)).status).toBe(404);
    const fresh = await post(b, "/reset", { scenario_id: SCENARIO.id });
    expect(fresh.status).toBe(200);
    expect((await post(a, "/step", { episode_id: fresh.body.observation.episode_id, action: hint })).status).toBe(200);
  });
});
