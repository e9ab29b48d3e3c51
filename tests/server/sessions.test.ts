/** Capacity (MAX_SESSIONS → 503) and idle expiry (SESSION_TTL_S → 404), with an injected clock. */
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { get, post, testApp, testClock } from "./helpers.js";

const SCENARIO_ID = loadCatalog().scenarios[0]!.id;

describe("capacity", () => {
  it("a reset that would exceed maxSessions is a 503 that says why; the default episode counts", async () => {
    const app = testApp({ maxSessions: 2 });
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID })).status).toBe(200); // the default
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "a" })).status).toBe(200);
    const refused = await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "b" });
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toContain("capacity");
    expect(refused.body.detail).toContain("MAX_SESSIONS");
    // Restarting an episode or replacing the default adds none, so both still work at capacity.
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID, episode_id: "a" })).status).toBe(200);
    expect((await post(app, "/reset", { scenario_id: SCENARIO_ID })).status).toBe(200);
    expect(app.context.sessions.size).toBe(2);
    expect((await get(app, "/state?episode_id=b")).status).toBe(404);
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
    expect(expired.body.detail).toBe("episode 'idle' not found (unknown or expired after 900 s idle); POST /reset to start one");
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
    // Look at the private map directly: every public accessor sweeps, which would hide what the timer did.
    expect((app.context.sessions as unknown as { sessions: Map<string, unknown> }).sessions.size).toBe(0);
    app.context.sessions.dispose();
  });
});
