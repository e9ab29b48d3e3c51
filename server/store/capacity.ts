/** The refusal of a new episode or session when every place of MAX_SESSIONS is taken. */
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
