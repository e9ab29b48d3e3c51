/** GET /metrics: the server's counters, histograms and gauges in Prometheus text format (see metrics.ts). */
import { Hono } from "hono";
import type { ServerContext } from "../context.js";

export function operationsRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.get("/metrics", async (c) => c.body(await ctx.metrics.text(), 200, { "Content-Type": ctx.metrics.contentType }));
  return app;
}
