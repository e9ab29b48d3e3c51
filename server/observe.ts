/**
 * The middleware every HTTP request passes first: refuse it while the server drains (503, Retry-After,
 * Connection: close), else, once answered, log one line (method, route, status,
 * duration, and what the route noted: episode id, action type, outcome) and count it in /metrics by route
 * and status. Routes note facts with `note`; nothing of a body is logged.
 */
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { ServerContext } from "./context.js";
import { elapsedMs } from "./log.js";

type Noted = Record<string, string | number | boolean | null>;
type ObservedEnv = { Variables: { noted?: Noted } };

/** Adds fields to this request's log line (ids, action types, outcomes; never contents). */
export function note(c: Context, fields: Noted): void {
  const observed = c as unknown as Context<ObservedEnv>;
  const noted = observed.get("noted");
  // The request's own record, filled in place: a route notes two or three times per request.
  if (noted === undefined) observed.set("noted", { ...fields });
  else Object.assign(noted, fields);
}

/** Paths are logged up to this many characters (an id in a path is the client's to choose). */
const PATH_CHARS = 200;

export function observeRequests(ctx: ServerContext): MiddlewareHandler {
  return async (c, next) => {
    const began = performance.now();
    if (ctx.lifecycle.isDraining) {
      ctx.metrics.request(c.req.method, "draining", 503);
      ctx.logger.info({ method: c.req.method, path: c.req.path.slice(0, PATH_CHARS), status: 503, outcome: "draining" }, "request refused: shutting down");
      return c.json({ detail: "server shutting down: not accepting new requests; retry shortly (another replica, or this one once restarted)" }, 503, {
        "Retry-After": "1",
        Connection: "close",
      });
    }
    await next();
    const matched = routePath(c, -1);
    const route = matched === "" || matched === "*" || matched === "/*" ? "unmatched" : matched;
    const status = c.res.status;
    ctx.metrics.request(c.req.method, route, status);
    // The line is built only when it is written (LOG_LEVEL=warn and above skip it).
    if (!ctx.logger.isLevelEnabled("info")) return;
    const noted = (c as unknown as Context<ObservedEnv>).get("noted");
    ctx.logger.info({ method: c.req.method, route, path: c.req.path.slice(0, PATH_CHARS), status, duration_ms: elapsedMs(began), ...noted }, "request");
  };
}
