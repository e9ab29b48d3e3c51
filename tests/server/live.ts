/**
 * Test helpers for a real server on an ephemeral loopback port: start one, open WebSockets that can be read
 * frame by frame, and POST JSON-RPC to /mcp.
 */
import WebSocket from "ws";
import type { AppOptions } from "../../server/app.js";
import { startServer, type RunningServer } from "../../server/listen.js";
import { testApp } from "./helpers.js";

/** A running server and the app behind it (its context holds the session store). */
export type LiveServer = RunningServer & { app: ReturnType<typeof testApp> };

/** Starts `testApp(options)` on 127.0.0.1 with a free port. */
export async function liveServer(options: AppOptions = {}): Promise<LiveServer> {
  const app = testApp(options);
  const server = await startServer(app, { port: 0, host: "127.0.0.1" });
  return Object.assign(server, { app });
}

/** A WebSocket whose frames are read one at a time, in order, with a timeout. */
export interface FrameSocket {
  send(frame: unknown): void;
  /** The next frame, parsed. */
  next(): Promise<any>;
  /** Sends a frame and reads the answer. */
  ask(frame: unknown): Promise<any>;
  /** Resolves with the close code and reason once the socket has closed. */
  closed: Promise<{ code: number; reason: string }>;
  raw: WebSocket;
}

/** Opens `ws://…/ws` (with an optional query) and waits for the connection. */
export async function openSocket(server: RunningServer, query = "", timeoutMs = 10_000): Promise<FrameSocket> {
  const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws${query}`);
  const queue: string[] = [];
  const waiting: Array<(frame: string) => void> = [];
  ws.on("message", (data) => {
    const text = data.toString();
    const waiter = waiting.shift();
    if (waiter) waiter(text);
    else queue.push(text);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const next = () =>
    new Promise<any>((resolve, reject) => {
      const queued = queue.shift();
      if (queued !== undefined) return resolve(JSON.parse(queued));
      const timer = setTimeout(() => reject(new Error("no frame within the timeout")), timeoutMs);
      waiting.push((text) => {
        clearTimeout(timer);
        resolve(JSON.parse(text));
      });
    });
  const send = (frame: unknown) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  return { send, next, ask: (frame) => (send(frame), next()), closed, raw: ws };
}

/** POSTs `body` (JSON-encoded unless a string) to /mcp; answers status, headers and the parsed body. */
export async function postMcp(server: RunningServer, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === "" ? undefined : JSON.parse(text) };
}
