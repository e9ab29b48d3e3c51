/**
 * Running the app on a real port: the Node HTTP server (@hono/node-server) with /ws attached, and a close
 * that ends WebSocket sessions and waits for in-flight requests. `breakfix serve` and the tests that need a
 * real socket (WebSocket, the MCP SDK client, the OpenEnv validation) all start servers here.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { BreakfixApp } from "./app.js";
import { attachWebSocket } from "./ws/attach.js";

/** How long a close waits for in-flight requests before cutting the remaining connections. */
const CLOSE_GRACE_MS = 5000;

/** WebSocket close code for a server going away (shutdown). */
const GOING_AWAY = 1001;

/** A server listening on a real port. */
export interface RunningServer {
  /** The bound address, e.g. http://127.0.0.1:43121 (IPv6 addresses in brackets). */
  url: string;
  port: number;
  host: string;
  /** Closes WebSockets (1001), stops accepting, waits for in-flight requests, then disposes the sessions. */
  close(): Promise<void>;
}

/**
 * Listens on `host:port` (port 0 picks a free one).
 * @example const server = await startServer(createApp(), { port: 0, host: "127.0.0.1" });
 * @throws the listen error (EADDRINUSE, EACCES, ...) when the port cannot be bound.
 */
export function startServer(app: BreakfixApp, { port, host }: { port: number; host: string }): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const http = serve({ fetch: app.fetch, port, hostname: host }, () => {
      const address = http.address() as AddressInfo;
      const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve({ url: `http://${shown}:${address.port}`, port: address.port, host: address.address, close: () => close(http as Server) });
    }) as Server;
    http.once("error", reject);
    const wss = attachWebSocket(http, app);

    async function close(server: Server): Promise<void> {
      for (const client of wss.clients) client.close(GOING_AWAY, "server shutting down");
      await new Promise<void>((done) => {
        const force = setTimeout(() => {
          server.closeAllConnections();
          for (const client of wss.clients) client.terminate();
        }, CLOSE_GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          done();
        });
        server.closeIdleConnections();
      });
      wss.close();
      app.context.sessions.dispose();
    }
  });
}
