/** Capacity (MAX_SESSIONS → 503, finished episodes make room), closing, and idle expiry (SESSION_TTL_S → 404), with an injected clock. */
import { describe, expect, it } from "vitest";
import { UNSTARTED_SESSION_TTL_S } from "../../contracts/limits.js";
import { createApp } from "../../server/app.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { call, get, post, testApp, testClock } from "./helpers.js";

const SCENARIO_ID = loadCatalog().scenarios[0]!.id;

describe("capacity", () => {
  it("a reset that needs a place when all are held by episodes in play is a 503 that says why; the default counts", async () => {
    const app = testApp({ maxSessions: 2 });
    const first = await post(app, "/reset", { scenario_id: SCENARIO_ID }); // the default
    expect(first.status).toBe(200);
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "a" })).status).toBe(200);
    const refused = await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "b" });
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toContain("capacity");
    expect(refused.body.detail).toContain("MAX_SESSIONS");
    expect(refused.body.detail).toContain("DELETE /episodes/{id}");
    // An anonymous reset is a new episode too: refused, and the default is still the first one.
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID })).status).toBe(503);
    expect((await get(app, "/state")).body.episode_id).toBe(first.body.observation.episode_id);
    // Restarting an episode that exists adds none, so it works at capacity.
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "a" })).status).toBe(200);
    expect(app.context.sessions.size).toBe(2);
    expect((await get(app, "/state?episode_id=b")).status).toBe(404);
  });

  it("at capacity the least recently used finished episode makes room; one in play never does", async () => {
    const clock = testClock();
    const app = testApp({ maxSessions: 3, clock });
    for (const id of ["old-done", "new-done", "playing"]) {
      expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: id })).status).toBe(200);
      clock.now += 1000;
    }
    await post(app, "/step", { episode_id: "old-done", action: { action_type: "submit" } });
    clock.now += 1000;
    await post(app, "/step", { episode_id: "new-done", action: { action_type: "submit" } });
    clock.now += 1000;
    const fresh = await post(app, "/reset", { scenario_id: SCENARIO_ID });
    expect(fresh.status).toBe(200);
    expect((await get(app, "/state?episode_id=old-done")).status).toBe(404);
    expect((await get(app, "/state?episode_id=new-done")).body).toMatchObject({ done: true, score: expect.any(Number) });
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "another" })).status).toBe(200);
    expect((await get(app, "/state?episode_id=new-done")).status).toBe(404);
    // Now every place is held by an episode in play: refused, and none of them is touched.
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "one-more" })).status).toBe(503);
    for (const id of ["playing", fresh.body.observation.episode_id, "another"]) {
      expect((await get(app, `/state?episode_id=${id}`)).body).toMatchObject({ episode_id: id, done: false });
    }
  });

  it("DELETE /episodes/{id} closes an episode and frees its place; an unknown id is a 404", async () => {
    const app = testApp({ maxSessions: 1 });
    const id = (await post(app, "/reset", { scenario_id: SCENARIO_ID })).body.observation.episode_id;
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID })).status).toBe(503);
    const closed = await call(app, "DELETE", `/episodes/${id}`);
    expect([closed.status, closed.body]).toEqual([200, { episode_id: id, closed: true }]);
    expect((await get(app, `/state?episode_id=${id}`)).status).toBe(404);
    // It was the default: without an id there is none now.
    expect((await get(app, "/state")).body.detail).toContain("no default episode");
    const again = await call(app, "DELETE", `/episodes/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.detail).toContain(`episode '${id}' not found`);
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID })).status).toBe(200);
  });

  it("expired episodes free their places", async () => {
    const clock = testClock();
    const app = testApp({ maxSessions: 1, sessionTtlSeconds: 60, clock });
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "a" })).status).toBe(200);
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "b" })).status).toBe(503);
    clock.now += 61_000;
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "b" })).status).toBe(200);
  });

  it("MAX_SESSIONS, SESSION_TTL_S and MAX_BODY_BYTES come from the environment; malformed values are refused", () => {
    const app = createApp({ sweepIntervalMs: 0 }, { MAX_SESSIONS: "3", SESSION_TTL_S: "10", MAX_BODY_BYTES: "2048" });
    expect(app.context.options).toMatchObject({ maxSessions: 3, sessionTtlSeconds: 10, maxBodyBytes: 2048 });
    expect(createApp({ sweepIntervalMs: 0 }, {}).context.options).toMatchObject({ maxSessions: 1024, sessionTtlSeconds: 900, maxBodyBytes: 1048576 });
    expect(() => createApp({}, { MAX_SESSIONS: "lots" })).toThrow(/MAX_SESSIONS/);
  });
});

describe("idle expiry", () => {
  it("an episode idle past the TTL is gone with a 404 that says so; use keeps it alive", async () => {
    const clock = testClock();
    const app = testApp({ sessionTtlSeconds: 900, clock });
    await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "kept" });
    await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "idle" });
    await post(app, "/reset", { scenario_id: SCENARIO_ID });
    for (let i = 0; i < 3; i++) {
      clock.now += 600_000;
      expect((await get(app, "/state?episode_id=kept")).status).toBe(200);
    }
    const expired = await post(app, "/step", { episode_id: "idle", action: { action_type: "submit" } });
    expect(expired.status).toBe(404);
    expect(expired.body.detail).toContain("episode 'idle' not found (unknown, closed, expired after 900 s idle");
    const noDefault = await get(app, "/state");
    expect(noDefault.status).toBe(404);
    expect(noDefault.body.detail).toContain("expired");
    expect(app.context.sessions.size).toBe(1);
  });

  it("the background sweep drops idle episodes without any request", async () => {
    const clock = testClock();
    const app = testApp({ sessionTtlSeconds: 1, clock, sweepIntervalMs: 5 });
    await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "x" });
    clock.now += 2000;
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Look at the store directly: every accessor of the sessions sweeps, which would hide what the timer did.
    expect(app.context.sessions.store.size).toBe(0);
    await app.context.sessions.dispose();
  });
});

describe("sessions that never start an episode cannot lock episodes out", () => {
  const create = (app: ReturnType<typeof testApp>, id: number) => post(app, "/mcp", { jsonrpc: "2.0", id, method: "openenv/session/create" });

  it("at capacity a reset or a new session takes the place of the least recently used session without an episode, never one playing", async () => {
    const clock = testClock();
    const app = testApp({ maxSessions: 3, clock });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await create(app, i)).body.result.session_id);
      clock.now += 1000;
    }
    const playing = app.context.sessions.privateSession(ids[0]!)!;
    await playing.start({ scenario_id: SCENARIO_ID });
    // Every place is held by a session; the two without an episode give theirs up, the oldest first.
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "a" })).status).toBe(200);
    expect(app.context.sessions.privateSession(ids[1]!)).toBeUndefined();
    expect(app.context.sessions.privateSession(ids[2]!)).toBeDefined();
    expect((await create(app, 9)).body.result.session_id).toEqual(expect.any(String));
    expect(app.context.sessions.privateSession(ids[2]!)).toBeUndefined();
    // The new session is the only one without an episode: a reset takes its place, then nothing gives way.
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "b" })).status).toBe(200);
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "c" })).status).toBe(503);
    expect((await create(app, 10)).body.error.code).toBe(-32000);
    expect(playing.isEnded).toBe(false);
  });

  it(`a session without an episode expires after ${UNSTARTED_SESSION_TTL_S} s idle; one that started an episode after SESSION_TTL_S`, async () => {
    const clock = testClock();
    const app = testApp({ sessionTtlSeconds: 900, clock });
    const sessions = app.context.sessions;
    const bare = sessions.open("mcp");
    const playing = sessions.open("mcp");
    await playing.start({ scenario_id: SCENARIO_ID });
    clock.now += UNSTARTED_SESSION_TTL_S * 1000 + 1;
    expect(sessions.privateSession(bare.id)).toBeUndefined();
    expect(sessions.privateSession(playing.id)).toBe(playing);
    expect(sessions.counts.privateSessions).toBe(1);
  });
});

describe("private sessions expire by their last use", () => {
  it("a session used later outlives one opened later and left idle; a dropped session stays dropped when touched", () => {
    const clock = testClock();
    const app = testApp({ sessionTtlSeconds: 1, clock });
    const sessions = app.context.sessions;
    const used = sessions.open("mcp");
    const idle = sessions.open("ws");
    clock.now += 600;
    expect(() => used.episode()).toThrow(/no episode in this session yet/); // a use, even one refused
    clock.now += 600;
    expect(sessions.privateSession(idle.id)).toBeUndefined();
    expect(idle.isEnded).toBe(true);
    expect(sessions.privateSession(used.id)).toBe(used);
    expect(sessions.end(used.id)).toBe(true);
    used.touch();
    expect(sessions.privateSession(used.id)).toBeUndefined();
    expect(sessions.counts.privateSessions).toBe(0);
  });
});
