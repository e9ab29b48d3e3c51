/**
 * The breakfix HTTP server as a Hono app: OpenEnv's endpoints over sessions, the task catalogue and the
 * grader. FastAPI-shaped answers throughout (404 `Not Found`, 405 `Method Not Allowed`, 422 validation
 * details), because OpenEnv clients are written against FastAPI servers.
 */
import { Hono } from "hono";
import type { EpisodeRecord } from "../environment/episode-record.js";
import { withGenerated } from "../generator/family.js";
import { loadCatalog } from "../tasks/catalog.js";
import type { ServerContext } from "./context.js";
import { errorResponse, NOT_FOUND } from "./errors.js";
import { Lifecycle } from "./lifecycle.js";
import { createLogger, type Logger } from "./log.js";
import { ServerMetrics } from "./metrics.js";
import { observeRequests } from "./observe.js";
import { resolveOptions, type AppOptions } from "./options.js";
import type { EpisodeRuntime, EpisodeTransport } from "./played-episode.js";
import { createPool, type PoolEvents } from "./pool/pool.js";
import { agentRoutes } from "./routes/agents.js";
import { catalogRoutes } from "./routes/catalog.js";
import { episodeRoutes } from "./routes/episodes.js";
import { graderRoutes } from "./routes/grader.js";
import { mcpRoutes } from "./routes/mcp.js";
import { openenvRoutes } from "./routes/openenv.js";
import { operationsRoutes } from "./routes/operations.js";
import { playgroundRoutes } from "./routes/playground.js";
import { SessionStore } from "./sessions.js";

export type { AppOptions } from "./options.js";

/** A Hono app with the session store it serves, for transports (WebSocket, MCP) that share its episodes. */
export type BreakfixApp = Hono & { readonly context: ServerContext };

/**
 * Builds the server. Options win over `env` (MAX_SESSIONS, SESSION_TTL_S, MAX_BODY_BYTES, WORKERS, ...; see
 * options.ts); a malformed value there throws rather than being silently replaced by the default. Worker
 * threads start on first use (or `context.pool.warmUp()`); `startServer(...).close()` stops them.
 * @example
 * const app = createApp({ maxSessions: 8, workers: 0 });
 * const res = await app.request("/reset", { method: "POST", body: "{}" });
 */
export function createApp(options: AppOptions = {}, env: NodeJS.ProcessEnv = process.env): BreakfixApp {
  const resolved = resolveOptions(options, env);
  const catalog = withGenerated(resolved.catalog ?? loadCatalog());
  const logger = resolved.logger ?? createLogger(resolved.logLevel);
  const lifecycle = new Lifecycle();
  // The metrics read the sessions and the pool, which report to the metrics: tied up once all exist.
  let metrics: ServerMetrics | undefined;
  const pool = createPool({
    workers: resolved.workers,
    stepTimeoutMs: resolved.stepTimeoutMs,
    catalog,
    judgeModule: resolved.judgeModule,
    events: poolEvents(logger, () => metrics, resolved.stepTimeoutMs),
  });
  // Finished WebSocket and MCP episodes are archived in the episode store (HTTP ones are stored already).
  const finished = (transport: EpisodeTransport, record: EpisodeRecord): void => {
    if (transport === "http") return;
    sessions.archive(transport, record).catch((error: unknown) => logger.warn({ err: error, episode_id: record.episode_id }, "finished episode not archived"));
  };
  const runtime: EpisodeRuntime = {
    pool,
    catalog,
    stepped: (transport, seconds, outcome) => metrics?.step(transport, seconds, outcome),
    finished,
    admit: (bytes) => sessions.admit(bytes),
  };
  const sessions: SessionStore = new SessionStore({
    runtime,
    maxSessions: resolved.maxSessions,
    maxKeptRecordBytes: resolved.maxKeptRecordBytes,
    ttlSeconds: resolved.sessionTtlSeconds,
    clock: resolved.clock,
    episodeStore: resolved.episodeStore,
    logger,
    onEvict: (reason, kind) => metrics?.eviction(reason, kind),
    ...(resolved.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: resolved.sweepIntervalMs }),
  });
  metrics = new ServerMetrics({ sessions: () => sessions.byTransport, pool: () => pool.stats(), wsBufferedBytes: () => lifecycle.bufferedBytes() });
  const context: ServerContext = { catalog, sessions, pool, options: resolved, logger, metrics, lifecycle };

  const app = new Hono();
  app.use(observeRequests(context));
  app.onError((error, c) => errorResponse(c, error, logger));
  app.notFound(NOT_FOUND);
  for (const routes of [
    openenvRoutes(),
    operationsRoutes(context),
    episodeRoutes(context),
    catalogRoutes(context),
    graderRoutes(context),
    agentRoutes(context),
    mcpRoutes(context),
    playgroundRoutes(),
  ]) {
    app.route("/", routes);
  }
  answerWrongMethods(app);
  return Object.assign(app, { context });
}

/** The pool's events as log lines and counts. */
function poolEvents(logger: Logger, metrics: () => ServerMetrics | undefined, stepTimeoutMs: number): PoolEvents {
  return {
    deadlineExceeded(task, worker) {
      metrics()?.timeout(task.op);
      const episodeId = "episodeId" in task ? task.episodeId : task.op === "start" ? task.record.episode_id : null;
      logger.warn({ op: task.op, worker, episode_id: episodeId, step_timeout_ms: stepTimeoutMs }, "task stopped at STEP_TIMEOUT_MS");
    },
    workerReplaced(worker, reason, error) {
      metrics()?.workerRestart(reason);
      logger.warn({ worker, reason, ...(error === undefined ? {} : { err: error }) }, "episode worker replaced");
    },
  };
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
