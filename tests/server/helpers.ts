/** Shared test helpers: an app with a silent error log and a controllable clock, and JSON request shortcuts. */
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { createApp, type AppOptions, type BreakfixApp } from "../../server/app.js";
import { createLogger } from "../../server/log.js";

export interface TestClock {
  now: number;
  (): number;
}

/** A clock tests move by hand: `clock.now += 1000`. */
export function testClock(start = 1_700_000_000_000): TestClock {
  const clock = (() => clock.now) as TestClock;
  clock.now = start;
  return clock;
}

/** A log line as the server writes it. */
export type LogEntry = Record<string, unknown> & { level: string; msg: string };

/**
 * An app for tests: episodes played in-process unless `workers` says otherwise, no background sweep, and its
 * log (JSON lines at `logLevel`, warn unless told) parsed into `logs`, errors also into `logged`.
 */
export function testApp(options: AppOptions = {}): BreakfixApp & { logged: LogEntry[]; logs: LogEntry[] } {
  const logs: LogEntry[] = [];
  const logged: LogEntry[] = [];
  const logger = createLogger(options.logLevel ?? "warn", {
    write(line: string) {
      const entry = JSON.parse(line) as LogEntry;
      logs.push(entry);
      if (entry.level === "error" || entry.level === "fatal") logged.push(entry);
    },
  });
  const app = createApp({ sweepIntervalMs: 0, workers: 0, logger, ...options }, {});
  return Object.assign(app, { logged, logs });
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when not JSON); tests index into it freely. */
  body: any;
}

/** Sends a request; `body` is JSON-encoded unless it is already a string. */
export async function call(app: BreakfixApp, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> {
  const init: RequestInit = { method, headers: { "content-type": "application/json", ...headers } };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const response = await app.request(path, init);
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  // Every answer, error or not, must be free of stack traces.
  expect(text).not.toContain("    at ");
  return { status: response.status, headers: response.headers, text, body: parsed };
}

export const post = (app: BreakfixApp, path: string, body?: unknown, headers?: Record<string, string>) => call(app, "POST", path, body, headers);
export const get = (app: BreakfixApp, path: string) => call(app, "GET", path);

/** OpenEnv's reference-server captures, copied from shared/openenv so the suite runs in any clone. */
export function wireCaptures(): {
  fix_env: { http: Array<{ req: string; body: unknown; status: number; resp: unknown }> };
  misc_probes_text: string;
} {
  return JSON.parse(readFileSync(new URL("./fixtures/openenv-wire-captures.json", import.meta.url), "utf8"));
}

/** A pydantic detail without the fields breakfix does not reproduce (the docs `url`). */
export function withoutUrl(detail: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return detail.map(({ url: _url, ...rest }) => rest);
}
