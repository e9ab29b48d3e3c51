/**
 * Running the app on a real port: the Node HTTP server (@hono/node-server) with /ws attached, and a
 * graceful close. `breakfix serve` and the tests that need a real socket (WebSocket, the MCP SDK client, the
 * OpenEnv validation, shutdown) all start servers here.
 *
 * Closing (SIGTERM in `breakfix serve`) drains first: the listener stays open so that every request arriving
 * from then on is answered 503 with Retry-After (and a WebSocket upgrade refused the same way) rather than
 * reset, requests in flight finish, and each WebSocket answers the frames it already took, then closes with
 * 1001. Whatever is still running near the end of SHUTDOWN_TIMEOUT_S (a stuck step) is stopped by stopping
 * the workers, which answers it with a 503; then every connection is closed and the close resolves, within
 * the budget.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { WebSocketServer } from "ws";
import type { BreakfixApp } from "./app.js";
import { elapsedMs } from "./log.js";
import { attachWebSocket } from "./ws/attach.js";

/**
 * What is kept of the shutdown budget for stopping the workers, writing the answers that gives and exiting:
 * 40% of it, and at least a second (a loaded machine takes that long to deliver a signal and stop threads).
 * With the default 10 s, in-flight work has 6 s to finish.
 */
const forceMarginMs = (budgetMs: number): number => Math.max(1000, budgetMs * 0.4);

/** How long an idle keep-alive connection stays open: past the 60 s that balancers commonly keep one. */
const KEEP_ALIVE_MS = 65_000;

/** A server listening on a real port. */
export interface RunningServer {
  /** The bound address, e.g. http://127.0.0.1:43121 (IPv6 addresses in brackets). */
  url: string;
  port: number;
  host: string;
  /** Drains (see the module comment), stops the workers and closes; the same promise however often called. */
  close(): Promise<void>;
}

/**
 * Listens on `host:port` (port 0 picks a free one).
 * @example const server = await startServer(createApp(), { port: 0, host: "127.0.0.1" });
 * @throws the listen error (EADDRINUSE, EACCES, ...) when the port cannot be bound.
 */
export function startServer(app: BreakfixApp, { port, host }: { port: number; host: string }): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    let closing: Promise<void> | undefined;
    const http = serve({ fetch: app.fetch, port, hostname: host }, () => {
      const address = http.address() as AddressInfo;
      const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve({ url: `http://${shown}:${address.port}`, port: address.port, host: address.address, close: () => (closing ??= shutDown(app, http, wss)) });
    }) as Server;
    http.once("error", reject);
    // Behind a load balancer that keeps connections to the replicas open (nginx, ingress-nginx: 60 s), the
    // server must not be the one to close an idle connection first: a request the balancer sends on it just
    // then is lost, and answered 502. So idle connections stay open longer than balancers keep them.
    http.keepAliveTimeout = KEEP_ALIVE_MS;
    http.headersTimeout = KEEP_ALIVE_MS + 1000;
    http.on("request", (_request, response) => app.context.lifecycle.admit(response));
    const wss = attachWebSocket(http, app);
  });
}

async function shutDown(app: BreakfixApp, http: Server, wss: WebSocketServer): Promise<void> {
  const { lifecycle, pool, sessions, logger, options } = app.context;
  const began = performance.now();
  const budgetMs = options.shutdownTimeoutSeconds * 1000;
  lifecycle.beginDrain();
  logger.info({ requests_in_flight: lifecycle.requestsInFlight, websockets: lifecycle.connections.size, shutdown_timeout_s: options.shutdownTimeoutSeconds }, "draining");
  // Idle keep-alive connections stay open until the end: a request on one is answered 503 and the
  // connection closed after it, where closing it now would race with a client that just picked it.
  const drained = Promise.all([lifecycle.whenIdle(), ...[...lifecycle.connections].map((connection) => connection.drain())]);
  const forceAfter = Math.max(budgetMs / 2, budgetMs - forceMarginMs(budgetMs));
  const inTime = await Promise.race([drained.then(() => true), sleep(forceAfter).then(() => false)]);
  // Stopping the workers fails at once what they still run with a 503, which lets those requests finish;
  // the threads themselves stop meanwhile.
  const stopping = pool.close();
  if (!inTime) {
    logger.warn({ requests_in_flight: lifecycle.requestsInFlight, websockets: lifecycle.connections.size }, "shutdown budget nearly spent: stopped what was still running");
    await Promise.race([drained, sleep(budgetMs - elapsedMs(began) - 100)]);
  }
  await new Promise<void>((done) => {
    http.close(() => done());
    http.closeAllConnections();
    for (const client of wss.clients) client.terminate();
  });
  wss.close();
  await sessions.dispose();
  await Promise.race([stopping, sleep(budgetMs - elapsedMs(began) - 100)]);
  logger.info({ duration_ms: elapsedMs(began), drained_in_time: inTime }, "server closed");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
}
