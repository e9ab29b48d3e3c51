/**
 * SIGTERM under load, on a real server process with worker threads: the process exits 0 within
 * SHUTDOWN_TIMEOUT_S although a step is stuck (its worker is stopped, its request answered 503); requests in
 * flight are answered, never reset; requests arriving after the signal are refused with 503 and Retry-After,
 * never served; the shutdown is logged as JSON lines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../../scripts/load/server-process.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { create, HANG_FILE } from "./fixtures/slow-judge.js";

const SCENARIO = loadCatalog().scenarios[0]!;
const SHUTDOWN_TIMEOUT_S = 5;
const CLIENTS = 6;

interface Sent {
  sentAt: number;
  status: number | null;
  retryAfter: string | null;
  error: string | null;
}

async function send(url: string, init?: RequestInit): Promise<Sent> {
  const sentAt = performance.now();
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return { sentAt, status: response.status, retryAfter: response.headers.get("retry-after"), error: null };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { sentAt, status: null, retryAfter: null, error: cause?.code ?? String(error) };
  }
}

const postJson = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("SIGTERM under load", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({
      entry: "tests/server/fixtures/serve-slow-judge.ts",
      env: { WORKERS: "2", STEP_TIMEOUT_MS: "120000", SHUTDOWN_TIMEOUT_S: String(SHUTDOWN_TIMEOUT_S), LOG_LEVEL: "info" },
    });
  }, 90_000);
  afterAll(async () => {
    await server.stop("SIGKILL");
  });

  it("exits within SHUTDOWN_TIMEOUT_S, answers what was in flight, refuses what came after with 503", { timeout: 120_000 }, async () => {
    // Both workers loaded and every client's episode started before the load begins.
    for (let i = 0; i < CLIENTS; i++) expect((await send(`${server.url}/reset`, postJson({ scenario_id: SCENARIO.id, episode_id: `load-${i}` }))).status).toBe(200);
    expect((await send(`${server.url}/grader`, postJson({ scenario_id: SCENARIO.id, actions: SCENARIO.solution }))).status).toBe(200);
    expect((await send(`${server.url}/reset`, postJson({ scenario_id: SCENARIO.id, episode_id: "stuck" }))).status).toBe(200);

    const stuck = send(`${server.url}/step`, postJson({ episode_id: "stuck", action: create(HANG_FILE) }));
    let running = true;
    const sent: Sent[] = [];
    const client = async (i: number): Promise<void> => {
      for (let n = 0; running; n++) {
        sent.push(
          await (n % 2 === 0
            ? send(`${server.url}/grader`, postJson({ scenario_id: SCENARIO.id, actions: SCENARIO.solution }))
            : send(`${server.url}/state?episode_id=load-${i}`)),
        );
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const signalledAt = performance.now();
    server.child.kill("SIGTERM");
    // Once the server says it is shutting down, a newcomer's requests are refused (load clients may all be
    // waiting on answers queued behind the stuck step, which the shutdown ends).
    const late: Sent[] = [];
    const draining = (async () => {
      while (!server.output().includes("shutting down")) await new Promise((resolve) => setTimeout(resolve, 5));
      const at = performance.now();
      late.push(await send(`${server.url}/health`), await send(`${server.url}/reset`, postJson({ scenario_id: SCENARIO.id })));
      return at;
    })();
    const exit = await server.exited;
    running = false;
    await Promise.all(clients);
    const drainingAt = await draining;
    const exitSeconds = (exit.at - signalledAt) / 1000;
    console.log(`SIGTERM with a stuck step and ${CLIENTS} clients: exit ${exit.code} after ${exitSeconds.toFixed(2)} s (budget ${SHUTDOWN_TIMEOUT_S} s), ${sent.length} requests`);

    expect(exit.code).toBe(0);
    expect(exitSeconds).toBeLessThan(SHUTDOWN_TIMEOUT_S);
    // The stuck step is answered, not reset: stopped with its worker.
    const stuckAnswer = await stuck;
    expect([stuckAnswer.status, stuckAnswer.retryAfter]).toEqual([503, "1"]);

    const before = sent.filter((s) => s.sentAt < signalledAt);
    const after = [...sent.filter((s) => s.sentAt > drainingAt), ...late];
    expect(before.length).toBeGreaterThan(CLIENTS);
    for (const request of before) expect([request.status === 200 || request.status === 503, request.error]).toEqual([true, null]);
    expect(after.filter((s) => s.status === 200)).toEqual([]);
    expect(late.map((s) => [s.status, s.retryAfter])).toEqual([
      [503, "1"],
      [503, "1"],
    ]);
    for (const request of after.filter((s) => s.status === 503)) expect(request.retryAfter).toBe("1");

    const log = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(log.map((entry) => entry.msg)).toEqual(expect.arrayContaining(["draining", "request refused: shutting down", "server closed"]));
  });
});
