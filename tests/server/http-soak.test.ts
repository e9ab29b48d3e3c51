/**
 * A short soak of mixed HTTP episodes (the one `npm run soak` runs for minutes): clients reset named
 * episodes, step them reading the state after every step, grade some, close most and leave the rest, on a
 * store so small that finished episodes are evicted all the time to make room. Every answer must be a 200
 * about the episode asked for: eviction never takes an episode in play, and nothing fails under the churn.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { soak } from "../../scripts/load/http-soak.js";
import { liveServer, type LiveServer } from "./live.js";

const CLIENTS = 4;
const MAX_SESSIONS = 6;

async function metric(server: LiveServer, line: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const found = text.split("\n").find((l) => l.startsWith(line));
  return found === undefined ? 0 : Number(found.split(" ").at(-1));
}

describe(`${CLIENTS} HTTP clients on a store of ${MAX_SESSIONS} episodes for 2 s`, () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer({ maxSessions: MAX_SESSIONS });
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers every request about its own episode, evicting only finished ones", { timeout: 60_000 }, async () => {
    const report = await soak({ url: server.url, memory: () => process.memoryUsage() }, { seconds: 2, sampleSeconds: 1, warmUpSeconds: 0, clients: CLIENTS });
    expect(report.firstProblem).toBeNull();
    expect({ serverErrors: report.serverErrors, wrongAnswers: report.wrongAnswers, failedRequests: report.failedRequests }).toEqual({
      serverErrors: 0,
      wrongAnswers: 0,
      failedRequests: 0,
    });
    expect(report.episodes).toBeGreaterThan(MAX_SESSIONS);
    expect(report.samples).toHaveLength(2);
    // Every third episode is left behind, so the store filled up and finished episodes made room.
    expect(server.app.context.sessions.size).toBeLessThanOrEqual(MAX_SESSIONS);
    expect(await metric(server, 'breakfix_evictions_total{reason="capacity",kind="http"}')).toBeGreaterThan(0);
    expect(server.app.logged).toEqual([]);
  });
});
