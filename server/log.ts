/**
 * The server's log: JSON lines (pino) at LOG_LEVEL, one per HTTP request, WebSocket frame and error, with
 * the episode id, the duration and the outcome. Never a file's content, an action's fields beyond its type,
 * or a request body: those are the agent's data and can be large. Errors that clients only see as
 * "internal error" are logged here with their stack.
 */
import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A logger at `level`, on stdout unless given a destination. Levels are written by name ("level":"info").
 * @example createLogger("info").info({ route: "/step", status: 200, duration_ms: 3.1 }, "request");
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}

/** Milliseconds since `began` (a performance.now() reading), rounded to 0.01 ms for the log. */
export function elapsedMs(began: number): number {
  return Math.round((performance.now() - began) * 100) / 100;
}
