/**
 * What an operator reads: /metrics in Prometheus text format whose counters move with the traffic (requests
 * by route and status, step latency, live sessions by transport, evictions), and the log as JSON lines, one
 * per request, WebSocket frame and error, with episode id, duration and outcome, never file contents.
 */
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app.js";
import { createLogger } from "../../server/log.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { call, get, post, testApp, testClock } from "./helpers.js";
import { liveServer, openSocket } from "./live.js";

const SCENARIO = loadCatalog().scenarios[0]!;
/** Content no log line may ever show. */
const SECRET = "CONTENT-THAT-MUST-NOT-BE-LOGGED-7f3a";
const CREATE_SECRET = { action_type: "edit_file", edits: [{ file_path: "notes.txt", old_content: "", new_content: `${SECRET}\n` }] };

/** Parses the exposition text into `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const cut = line.lastIndexOf(" ");
    found.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return found;
}

describe("/metrics", () => {
  it("is Prometheus text whose request, step, session and eviction counts follow the traffic", async () => {
    const clock = testClock();
    const app = testApp({ clock, sessionTtlSeconds: 60, maxSessions: 3 });
    const scrape = async () => {
      const res = await app.request("/metrics");
      expect(res.headers.get("content-type")).toContain("text/plain");
      return samples(await res.text());
    };
    const before = await scrape();
    expect(before.get("breakfix_sessions{transport=\"http\"}")).toBe(0);
    expect([...before.keys()].some((k) => k.startsWith("process_resident_memory_bytes"))).toBe(true);

    await post(app, "/reset", { scenario_id: SCENARIO.id, episode_id: "a" });
    await post(app, "/step", { episode_id: "a", action: { action_type: "request_hint" } });
    await post(app, "/step", { episode_id: "a", action: { action_type: "delete_line", file_path: "nope", line_number: 1 } });
    await post(app, "/step", { episode_id: "missing", action: { action_type: "submit" } });
    await get(app, "/no/such/route");
    const after = await scrape();
    expect(after.get('breakfix_http_requests_total{method="POST",route="/reset",status="200"}')).toBe(1);
    expect(after.get('breakfix_http_requests_total{method="POST",route="/step",status="200"}')).toBe(2);
    expect(after.get('breakfix_http_requests_total{method="POST",route="/step",status="404"}')).toBe(1);
    expect(after.get('breakfix_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(after.get('breakfix_step_duration_seconds_count{transport="http",outcome="ok"}')).toBe(1);
    expect(after.get('breakfix_step_duration_seconds_count{transport="http",outcome="failed_action"}')).toBe(1);
    expect(after.get('breakfix_step_duration_seconds_bucket{le="+Inf",transport="http",outcome="ok"}')).toBe(1);
    expect(after.get('breakfix_sessions{transport="http"}')).toBe(1);

    // A finished episode makes room at capacity, an idle one expires: both are evictions.
    await post(app, "/step", { episode_id: "a", action: { action_type: "submit" } });
    for (const id of ["b", "c", "d"]) await post(app, "/reset", { scenario_id: SCENARIO.id, episode_id: id });
    clock.now += 61_000;
    app.context.sessions.sweep();
    const evicted = await scrape();
    expect(evicted.get('breakfix_evictions_total{reason="capacity",kind="http"}')).toBe(1);
    expect(evicted.get('breakfix_evictions_total{reason="expired",kind="http"}')).toBe(3);
    expect(evicted.get('breakfix_sessions{transport="http"}')).toBe(0);
  });

  it("counts live WebSocket sessions and their steps", async () => {
    const server = await liveServer();
    try {
      const socket = await openSocket(server);
      await socket.ask({ type: "reset", data: { scenario_id: SCENARIO.id } });
      await socket.ask({ type: "step", data: SCENARIO.solution[0] });
      const live = samples(await (await fetch(`${server.url}/metrics`)).text());
      expect(live.get('breakfix_sessions{transport="ws"}')).toBe(1);
      expect(live.get('breakfix_step_duration_seconds_count{transport="ws",outcome="ok"}')).toBe(1);
      expect(live.get("breakfix_ws_buffered_bytes")).toBe(0);
      socket.send({ type: "close" });
      await socket.closed;
      expect(samples(await (await fetch(`${server.url}/metrics`)).text()).get('breakfix_sessions{transport="ws"}')).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe("the log", () => {
  it("is one JSON line per request and per frame, with episode id, duration and outcome, and no file contents", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const server = await liveServer({ logger });
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      await post("/reset", { scenario_id: SCENARIO.id, episode_id: "logged" });
      await post("/step", { episode_id: "logged", action: CREATE_SECRET });
      await post("/step", { episode_id: "logged", action: { action_type: "edit_file", edits: [{ file_path: "nope", old_content: SECRET, new_content: "" }] } });
      const socket = await openSocket(server);
      await socket.ask({ type: "reset", data: { scenario_id: SCENARIO.id, episode_id: "ws-logged" } });
      await socket.ask({ type: "step", data: CREATE_SECRET });
      await socket.ask({ type: "state" });
      socket.send("not json");
      await socket.next();
    } finally {
      await server.close();
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.every((line) => line.endsWith("\n") && !line.slice(0, -1).includes("\n"))).toBe(true);
    expect(lines.join("")).not.toContain(SECRET);
    for (const entry of entries) expect(entry).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) });

    const steps = entries.filter((e) => e.msg === "request" && e.route === "/step");
    expect(steps).toEqual([
      expect.objectContaining({ method: "POST", status: 200, episode_id: "logged", action_type: "edit_file", outcome: "ok", duration_ms: expect.any(Number) }),
      expect.objectContaining({ status: 200, episode_id: "logged", action_type: "edit_file", outcome: "failed_action" }),
    ]);
    expect(entries).toContainEqual(expect.objectContaining({ msg: "request", route: "/reset", status: 200, episode_id: "logged" }));
    const frames = entries.filter((e) => e.msg === "ws frame");
    expect(frames.map((f) => [f.frame, f.outcome])).toEqual([
      ["reset", "observation"],
      ["step", "observation"],
      ["state", "state"],
      ["invalid", "INVALID_JSON"],
    ]);
    expect(frames[1]).toMatchObject({ transport: "ws", episode_id: "ws-logged", action_type: "edit_file", duration_ms: expect.any(Number) });
    expect(entries.map((e) => e.msg)).toEqual(expect.arrayContaining(["draining", "server closed"]));
  });

  it("logs an unexpected error once, with its stack, at level error; the client sees a bare 500", async () => {
    const app = testApp();
    app.get("/boom", () => {
      throw new Error("secret internals");
    });
    const res = await call(app, "GET", "/boom");
    expect([res.status, res.body]).toEqual([500, { detail: "internal error" }]);
    expect(app.logged).toEqual([expect.objectContaining({ level: "error", msg: "request failed", path: "/boom", err: expect.objectContaining({ message: "secret internals", stack: expect.stringContaining("Error: secret internals") }) })]);
  });

  it("takes its level from LOG_LEVEL and refuses an unknown one", () => {
    expect(createApp({ workers: 0 }, { LOG_LEVEL: "debug" }).context.logger.level).toBe("debug");
    expect(createApp({ workers: 0 }, {}).context.logger.level).toBe("info");
    expect(() => createApp({ workers: 0 }, { LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
    expect(() => createApp({}, { WORKERS: "-1" })).toThrow(/WORKERS must be a non-negative integer/);
  });
});
