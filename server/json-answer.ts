/**
 * Answers that are already JSON text: observations and states come from the episode pool serialised (in a
 * worker thread, off the event loop), and are sent on as they are, with the headers c.json would set.
 */
import type { Context } from "hono";

export function jsonText(c: Context, text: string): Response {
  return c.body(text, 200, { "Content-Type": "application/json" });
}
