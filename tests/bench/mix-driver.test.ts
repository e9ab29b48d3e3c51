import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureWindow } from "../../bench/mix-driver.js";
import { keepAliveClient } from "../../scripts/load/keep-alive.js";
import { startServerProcess, type ServerProcess } from "../../scripts/load/server-process.js";

const linux = process.platform === "linux";

// The figures `npm run bench:servers` prints come from these clients: a driver whose requests failed, or that
// counted answers it never got, would print steps/s and CPU per step of nothing.
describe.runIf(linux)("the bench's closed-loop clients against a real server", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ env: { WORKERS: "1" } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("post JSON over a kept-alive connection and read the answer, a refusal included", async () => {
    const http = keepAliveClient(server.url);
    try {
      const reset = await http.post("/reset", { scenario_id: "typo_filename", episode_id: "driver-test" });
      expect(reset.status).toBe(200);
      expect(reset.body.observation.episode_id).toBe("driver-test");
      const step = await http.post("/step", { episode_id: "driver-test", action: { action_type: "request_hint" } });
      expect(step.status).toBe(200);
      expect(step.body.reward).toBeLessThan(0);
      const refused = await http.post("/reset", { scenario_id: "typo_filename", max_steps: 3 });
      expect(refused.status).toBe(422);
    } finally {
      http.close();
    }
  });

  it.each(["rest", "ws"] as const)("play the mix over %s with every answer an observation, and count the server's CPU", async (transport) => {
    const w = await measureWindow(server.url, server.pid, transport, 4, 0.5, 0.2, "delivery");
    expect(w.errors, w.firstProblem ?? "").toBe(0);
    expect(w.stepsPerSecond).toBeGreaterThan(0);
    expect(w.cpuMsPerStep).toBeGreaterThan(0);
    expect(w.p99).toBeGreaterThanOrEqual(w.p50);
  }, 30_000);
});
