/**
 * The refusals for lack of room: a new episode or session when every place of MAX_SESSIONS is taken, and a
 * step or a start when the episode records in play fill MAX_KEPT_RECORD_BYTES.
 */
import { HttpError } from "../errors.js";

/** A refusal for lack of room: HTTP 503, WebSocket CAPACITY_REACHED, JSON-RPC -32000. */
export class CapacityError extends HttpError {
  constructor(
    readonly activeSessions: number,
    readonly maxSessions: number,
    ttlSeconds: number,
  ) {
    super(
      503,
      `server at capacity: ${activeSessions}/${maxSessions} sessions active (MAX_SESSIONS); ` +
        `sessions idle for ${ttlSeconds} s expire; close episodes you no longer need (DELETE /episodes/{id}), ` +
        "or reset an episode_id you already hold",
    );
    this.name = "CapacityError";
  }
}

/** A step or a start refused because the records of the episodes in play fill MAX_KEPT_RECORD_BYTES: HTTP 503. */
export class RecordBudgetError extends HttpError {
  constructor(keptBytes: number, neededBytes: number, maxBytes: number) {
    super(
      503,
      `server at capacity: the episodes in play hold ${keptBytes} bytes of records and this needs ${neededBytes} more, past ` +
        `${maxBytes} (MAX_KEPT_RECORD_BYTES); nothing was played or started; retry once episodes finish or expire, and close ` +
        "episodes you no longer need (DELETE /episodes/{id})",
    );
    this.name = "RecordBudgetError";
  }
}
