/**
 * `breakfix serve`: the HTTP server on PORT/HOST until SIGTERM or SIGINT, then a graceful close (in-flight
 * requests finish; idle keep-alive connections are dropped so the close does not wait on them).
 */
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "../app.js";
import { packageInfo } from "../package-info.js";
import { parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { SERVE_USAGE } from "./usage.js";

/** How long a close waits for in-flight requests before cutting the remaining connections. */
const CLOSE_GRACE_MS = 5000;

/** Runs the server; resolves to 0 once it has closed after a stop signal. */
export async function runServe(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(args, { port: { type: "string" }, host: { type: "string" } }, SERVE_USAGE, false);
  if (values.help) {
    io.stdout(SERVE_USAGE);
    return EXIT.ok;
  }
  const port = parsePort(values.port ?? io.env.PORT ?? "8000");
  const host = values.host ?? io.env.HOST ?? (io.env.BREAKFIX_IN_CONTAINER === "1" ? "0.0.0.0" : "127.0.0.1");

  let app;
  try {
    app = createApp({}, io.env);
  } catch (error) {
    // A malformed MAX_SESSIONS and the like: say which, do not start half-configured.
    throw new UsageError(error instanceof Error ? error.message : String(error), SERVE_USAGE);
  }
  const server = await listen(app.fetch, port, host);
  const address = server.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  io.stdout(`breakfix ${packageInfo().version} listening on http://${shown}:${address.port}\n`);

  await stopRequested(io);
  io.stdout("breakfix: shutting down\n");
  await close(server);
  app.context.sessions.dispose();
  return EXIT.ok;
}

function parsePort(raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || raw.trim() === "") {
    throw new UsageError(`port must be an integer from 0 to 65535, got '${raw}'`, SERVE_USAGE);
  }
  return port;
}

function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, hostname: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => resolve(server));
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(new UsageError(`cannot listen on ${hostname}:${port}: ${error.code ?? error.message}`, SERVE_USAGE));
    });
  });
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

function close(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    const http = server as import("node:http").Server;
    const force = setTimeout(() => http.closeAllConnections?.(), CLOSE_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    http.closeIdleConnections?.();
  });
}
