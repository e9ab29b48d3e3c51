/**
 * WebSocket backpressure: a client that stops reading its answers is paused (the server stops reading its
 * frames and computing answers) once its unsent answers pass WS_BUFFER_BYTES, is answered in full and in
 * order once it reads again, and is closed with 1013 if it stays over the limit past WS_STALL_TIMEOUT_S.
 * A real server process shows what it is for: 300 `view_files` frames over a file as large as a repository
 * may hold (MAX_FILE_BYTES) from a client that does not read grow the process by a few MB, not the ~450 MB
 * their answers weigh, and leave nothing behind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { MAX_FILE_BYTES } from "../../contracts/limits.js";
import { MiB, startServerProcess, type ServerProcess } from "../../scripts/load/server-process.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { liveServer, openSocket, type FrameSocket, type LiveServer } from "./live.js";

const SCENARIO = loadCatalog().scenarios[0]!;

/** A frame that asks for one file through the view_files tool, over the socket's own session. */
const viewFile = (id: number, path: string) => ({ type: "mcp", data: { jsonrpc: "2.0", id, method: "tools/call", params: { name: "view_files", arguments: { file_path: path } } } });

/** Resets the socket's episode and adds a file of `bytes` bytes. */
async function withBigFile(socket: FrameSocket, path: string, bytes: number): Promise<void> {
  expect((await socket.ask({ type: "reset", data: { scenario_id: SCENARIO.id } })).type).toBe("observation");
  const content = `${"x".repeat(bytes - 1)}\n`;
  const created = await socket.ask({ type: "step", data: { action_type: "edit_file", edits: [{ file_path: path, old_content: "", new_content: content }] } });
  expect(created.data.observation.last_action_error).toBeNull();
}

const until = async (check: () => boolean, timeoutMs: number): Promise<void> => {
  for (const end = performance.now() + timeoutMs; !check(); ) {
    if (performance.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe("a client that stops reading", () => {
  let server: LiveServer;
  const LIMIT = 256 * 1024;
  beforeAll(async () => {
    server = await liveServer({ wsBufferBytes: LIMIT, wsStallTimeoutSeconds: 60, logLevel: "info" });
  });
  afterAll(async () => {
    await server.close();
  });

  it("is paused near the limit, then answered in full and in order once it reads again", { timeout: 60_000 }, async () => {
    const socket = await openSocket(server, "", 30_000);
    await withBigFile(socket, "big.txt", 300_000);
    const answered = () => server.app.logs.filter((e) => e.msg === "ws frame" && e.tool === "view_files").length;
    socket.raw.pause();
    const FRAMES = 80;
    for (let id = 1; id <= FRAMES; id++) socket.send(viewFile(id, "big.txt"));
    await until(() => server.app.context.metrics !== undefined && server.app.logs.length > 0 && answered() > 0, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Answers stop once the kernel's socket buffers and WS_BUFFER_BYTES are full; what is queued stays bounded.
    const held = answered();
    expect(held).toBeLessThan(FRAMES / 2);
    expect(server.app.context.lifecycle.bufferedBytes()).toBeLessThan(LIMIT + 2 * MiB);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/breakfix_ws_backpressure_total\{action="paused"\} [1-9]/);

    socket.raw.resume();
    for (let id = 1; id <= FRAMES; id++) {
      const frame = await socket.next();
      expect(frame.data.id).toBe(id);
      expect(frame.data.result.structuredContent).toMatchObject({ file_path: "big.txt", lines: 1 });
    }
    expect(answered()).toBe(FRAMES);
    socket.send({ type: "close" });
    await socket.closed;
    expect(server.app.context.lifecycle.bufferedBytes()).toBe(0);
    expect(server.app.context.sessions.counts.privateSessions).toBe(0);
  });

  it("is closed with 1013 when it stays over the limit past the stall timeout, and its session freed", { timeout: 60_000 }, async () => {
    const stalling = await liveServer({ wsBufferBytes: LIMIT, wsStallTimeoutSeconds: 1 });
    try {
      const socket = await openSocket(stalling, "", 30_000);
      await withBigFile(socket, "big.txt", 300_000);
      socket.raw.pause();
      for (let id = 1; id <= 60; id++) socket.send(viewFile(id, "big.txt"));
      await until(() => stalling.app.context.sessions.counts.privateSessions === 0, 20_000);
      expect(stalling.app.logs).toContainEqual(expect.objectContaining({ level: "warn", msg: "ws client closed: not reading its answers" }));
      expect(await (await fetch(`${stalling.url}/metrics`)).text()).toContain('breakfix_ws_backpressure_total{action="closed"} 1');
      socket.raw.terminate();
    } finally {
      await stalling.close();
    }
  });
});

describe("in a server process: 300 view_files of a file of MAX_FILE_BYTES from a client that does not read", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ env: { WORKERS: "0" } });
  }, 90_000);
  afterAll(async () => {
    await server.stop("SIGKILL");
  });

  it("grows the process by far less than the answers weigh, and nothing stays once the client leaves", { timeout: 120_000 }, async () => {
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws`);
    await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
    const replies: string[] = [];
    ws.on("message", (data) => replies.push(data.toString()));
    const ask = async (frame: unknown): Promise<any> => {
      const seen = replies.length;
      ws.send(JSON.stringify(frame));
      await until(() => replies.length > seen, 30_000);
      return JSON.parse(replies[seen]!);
    };
    await ask({ type: "reset", data: { scenario_id: SCENARIO.id } });
    const created = await ask({ type: "step", data: { action_type: "edit_file", edits: [{ file_path: "big.txt", old_content: "", new_content: `${"x".repeat(MAX_FILE_BYTES - 1)}\n` }] } });
    expect(created.data.observation.last_action_error).toBeNull();
    const before = server.memory().rss;

    ws.pause();
    for (let id = 1; id <= 300; id++) ws.send(JSON.stringify(viewFile(id, "big.txt")));
    let peak = before;
    for (let i = 0; i < 40; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      peak = Math.max(peak, server.memory().rss);
    }
    // Each answer carries the file three times (text, structuredContent, data): ~1.5 MiB, ~450 MiB for all.
    expect(peak - before).toBeLessThan(100 * MiB);

    ws.terminate();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain('breakfix_sessions{transport="ws"} 0');
    expect(metrics).toContain("breakfix_ws_buffered_bytes 0");
    expect(server.memory().rss - before).toBeLessThan(64 * MiB);
    console.log(`300 view_files, ${MAX_FILE_BYTES / 1024} KiB file, client not reading: RSS ${(before / MiB).toFixed(0)} MB before, peak +${((peak - before) / MiB).toFixed(1)} MB, ${((server.memory().rss - before) / MiB).toFixed(1)} MB after it left`);
  });
});
