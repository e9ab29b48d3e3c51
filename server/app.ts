/**
 * The breakfix HTTP server as a Hono app: OpenEnv's endpoints over sessions, the task catalogue and the
 * grader. FastAPI-shaped answers throughout (404 `Not Found`, 405 `Method Not Allowed`, 422 validation
 * details), because OpenEnv clients are written against FastAPI servers.
 */
import { Hono } from "hono";
import { withGenerated } from "../generator/family.js";
import { loadCatalog } from "../tasks/catalog.js";
import type { ServerContext } from "./context.js";
import { errorResponse, NOT_FOUND } from "./errors.js";
import { resolveOptions, type AppOptions } from "./options.js";
import { agentRoutes } from "./routes/agents.js";
import { catalogRoutes } from "./routes/catalog.js";
import { episodeRoutes } from "./routes/episodes.js";
import { graderRoutes } from "./routes/grader.js";
import { mcpRoutes } from "./routes/mcp.js";
import { openenvRoutes } from "./routes/openenv.js";
import { playgroundRoutes } from "./routes/playground.js";
import { SessionStore } from "./sessions.js";

export type { AppOptions } from "./options.js";

/** A Hono app with the session store it serves, for transports (WebSocket, MCP) that share its episodes. */
export type BreakfixApp = Hono & { readonly context: ServerContext };

/**
 * Builds the server. Options win over `env` (MAX_SESSIONS, SESSION_TTL_S, MAX_BODY_BYTES); a malformed value
 * there throws rather than being silently replaced by the default.
 * @example
 * const app = createApp({ maxSessions: 8 });
 * const res = await app.request("/reset", { method: "POST", body: "{}" });
 */
export function createApp(options: AppOptions = {}, env: NodeJS.ProcessEnv = process.env): BreakfixApp {
  const resolved = resolveOptions(options, env);
  const catalog = withGenerated(resolved.catalog ?? loadCatalog());
  const sessions = new SessionStore({
    catalog,
    maxSessions: resolved.maxSessions,
    ttlSeconds: resolved.sessionTtlSeconds,
    clock: resolved.clock,
    ...(resolved.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: resolved.sweepIntervalMs }),
  });
  const context: ServerContext = { catalog, sessions, options: resolved };

  const app = new Hono();
  app.onError((error, c) => errorResponse(c, error, resolved.logError));
  app.notFound(NOT_FOUND);
  for (const routes of [openenvRoutes(), episodeRoutes(context), catalogRoutes(context), graderRoutes(context), agentRoutes(context), mcpRoutes(context), playgroundRoutes()]) {
    app.route("/", routes);
  }
  answerWrongMethods(app);
  return Object.assign(app, { context });
}

/**
 * A known path with the wrong method is a 405 naming the allowed methods, as FastAPI answers. Registered
 * after the real routes, so it only answers when none of them did.
 */
function answerWrongMethods(app: Hono): void {
  const allowed = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const methods = allowed.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    if (route.method === "GET") methods.add("HEAD");
    allowed.set(route.path, methods);
  }
  for (const [path, methods] of allowed) {
    const allow = [...methods].join(", ");
    app.all(path, (c) => c.json({ detail: "Method Not Allowed" }, 405, { Allow: allow }));
  }
}
