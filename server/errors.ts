/**
 * HTTP errors in the shapes FastAPI (and so OpenEnv's reference server) answers with: `{"detail": "text"}`
 * for 4xx/5xx about the request as a whole, `{"detail": [{type, loc, msg, input}]}` for validation failures.
 * Every error a route throws ends up here; nothing else writes an error body, and no stack trace ever reaches
 * a client.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "./log.js";

/** One pydantic-style validation error: `loc` is the path to the bad value, starting with "body" for body fields. */
export interface ValidationDetail {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** An error that is the client's fault (or the server's capacity), answered with `{"detail": message}`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** A 422 carrying one or more pydantic-style validation details. */
export class ValidationError extends Error {
  constructor(readonly details: ValidationDetail[]) {
    super(details.map((d) => `${d.loc.join(".")}: ${d.msg}`).join("; "));
    this.name = "ValidationError";
  }
}

/** Turns any thrown value into the answer a client gets. Unknown errors are logged and become a bare 500. */
export function errorResponse(c: Context, error: unknown, logger: Logger): Response {
  try {
    if (error instanceof ValidationError) return c.json({ detail: error.details }, 422);
    if (error instanceof HttpError) return c.json({ detail: error.message }, error.status, error.headers);
  } catch (serialisation) {
    error = serialisation; // an answer that cannot be written is the server's fault
  }
  logger.error({ err: error, method: c.req.method, path: c.req.path.slice(0, 200) }, "request failed");
  return c.json({ detail: "internal error" }, 500);
}

export const NOT_FOUND = (c: Context): Response => c.json({ detail: "Not Found" }, 404);
