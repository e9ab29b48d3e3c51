/**
 * The stack's ceiling: a bare Hono app on @hono/node-server with a ws server on /ws, answering every reset
 * and step by echoing what it was sent, with no environment behind it. `bench/servers.ts` drives it with the
 * same clients and mix as breakfix, so the gap between the two is the environment's own work.
 * Prints "listening on <url>" as `breakfix serve` does (scripts/load/server-process.ts waits for it).
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { WebSocketServer } from "ws";

const app = new Hono();
// An answer shaped like an observation (the clients check its episode id), carrying the request back.
const answer = (body: { episode_id?: unknown }) => ({ observation: { episode_id: body.episode_id ?? null, echo: body }, reward: 0, done: false });
app.post("/reset", async (c) => c.json(answer(await c.req.json())));
app.post("/step", async (c) => c.json(answer(await c.req.json())));

const http = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => {
  const address = http.address() as AddressInfo;
  console.log(`listening on http://127.0.0.1:${address.port}`);
}) as Server;
const wss = new WebSocketServer({ server: http, path: "/ws" });
wss.on("connection", (socket) => {
  socket.on("message", (data) => {
    let frame: { data?: unknown };
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return void socket.send(JSON.stringify({ type: "error", data: { message: "not JSON" } }));
    }
    socket.send(JSON.stringify({ type: "observation", data: { observation: { echo: frame.data ?? null }, reward: 0, done: false } }));
  });
});
process.on("SIGTERM", () => {
  wss.close();
  http.close(() => process.exit(0));
  http.closeAllConnections();
});
