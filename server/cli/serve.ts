/**
 * `breakfix serve`: the HTTP and WebSocket server on PORT/HOST until SIGTERM or SIGINT, then a graceful
 * close within SHUTDOWN_TIMEOUT_S (new requests refused with 503, in-flight ones finished, WebSockets closed
 * with 1001; see listen.ts). A second signal during the close exits at once, with status 1.
 *
 * The episode workers load before the port is bound: a client (or a readiness probe) that reaches the
 * server finds it ready, rather than its first steps waiting seconds for threads to load the catalogue.
 * With a shared episode store (EPISODE_STORE=redis://…) it first waits a few seconds for the store to be
 * reachable.
 */
import { createApp, type AppOptions, type BreakfixApp } from "../app.js";
import { startServer, type RunningServer } from "../listen.js";
import { packageInfo } from "../package-info.js";
import { parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { SERVE_USAGE } from "./usage.js";

/** Runs the server; resolves to 0 once it has closed after a stop signal. */
export async function runServe(args: string[], io: CliIO, appOptions: AppOptions = {}): Promise<number> {
  const { values } = parseCommandArgs(args, { port: { type: "string" }, host: { type: "string" } }, SERVE_USAGE, false);
  if (values.help) {
    io.stdout(SERVE_USAGE);
    return EXIT.ok;
  }
  const port = parsePort(values.port ?? io.env.PORT ?? "8000");
  const host = values.host ?? io.env.HOST ?? (io.env.BREAKFIX_IN_CONTAINER === "1" ? "0.0.0.0" : "127.0.0.1");

  let app;
  try {
    app = createApp(appOptions, io.env);
  } catch (error) {
    // A malformed MAX_SESSIONS and the like: say which, do not start half-configured.
    throw new UsageError(error instanceof Error ? error.message : String(error), SERVE_USAGE);
  }
  await waitForStore(app);
  await app.context.pool.warmUp();
  const server = await listen(app, port, host);
  io.stdout(`breakfix ${packageInfo().version} listening on ${server.url}\n`);

  await stopRequested(io);
  io.stdout("breakfix: shutting down\n");
  if (io.stop === undefined) exitOnSecondSignalOrOverrun(app.context.options.shutdownTimeoutSeconds);
  await server.close();
  return EXIT.ok;
}

/** How long serving waits for a shared episode store at start, before serving anyway (its requests then 503). */
const STORE_WAIT_MS = 5000;

/**
 * A replica of a fleet waits a moment for Redis, so that its first requests find the store; past that it
 * serves anyway (liveness holds, /health answers) and HTTP episodes are refused with 503 until Redis is up.
 */
async function waitForStore(app: BreakfixApp): Promise<void> {
  const { sessions, logger } = app.context;
  if (sessions.store.kind === "memory") return;
  if (!(await sessions.ready(STORE_WAIT_MS))) {
    logger.warn({ waited_ms: STORE_WAIT_MS }, "episode store not reachable yet: serving, HTTP episodes answer 503 until it is");
  }
}

function parsePort(raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || raw.trim() === "") {
    throw new UsageError(`port must be an integer from 0 to 65535, got '${raw}'`, SERVE_USAGE);
  }
  return port;
}

async function listen(app: BreakfixApp, port: number, host: string): Promise<RunningServer> {
  try {
    return await startServer(app, { port, host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`cannot listen on ${host}:${port}: ${code}`, SERVE_USAGE);
  }
}

/**
 * A second SIGTERM or SIGINT during the close exits at once; and should anything keep the process up past
 * the budget once the close has resolved, a timer (which does not keep it up itself) ends it.
 */
function exitOnSecondSignalOrOverrun(budgetSeconds: number): void {
  const abandon = (): void => process.exit(EXIT.findings);
  process.once("SIGTERM", abandon);
  process.once("SIGINT", abandon);
  setTimeout(() => process.exit(EXIT.ok), budgetSeconds * 1000 + 2000).unref();
}

function stopRequested(io: CliIO): Promise<void> {
  return new Promise((resolve) => {
    if (io.stop) {
      if (io.stop.aborted) resolve();
      else io.stop.addEventListener("abort", () => resolve(), { once: true });
      return;
    }
    const onSignal = (): void => {
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      resolve();
    };
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
  });
}
