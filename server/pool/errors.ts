/**
 * How a pooled task can fail besides the engine's own answers: past its deadline, with its worker lost, or
 * refused because the server is shutting down. Each is an HttpError, so every transport already knows how to
 * answer it (HTTP status and detail, WebSocket EXECUTION_ERROR, JSON-RPC error or tool error), and none
 * leaves a trace in the episode: a task that does not answer is never recorded.
 */
import { HttpError } from "../errors.js";
import type { EpisodeTask } from "./tasks.js";

/** What a task was doing, for messages: "the step (replace_line)", "grading". */
export function describeTask(task: EpisodeTask): string {
  switch (task.op) {
    case "step":
      return `the step (${task.action.action_type})`;
    case "start":
      return "the reset";
    case "grade":
      return "grading";
    case "baseline":
      return `the baseline episode on '${task.scenarioId}'`;
    default:
      return `reading the episode (${task.op})`;
  }
}

/**
 * A task that went longer than STEP_TIMEOUT_MS without finishing a step: a 503, and not retried by the pool
 * (the same input would most likely be as slow again). Its worker is replaced.
 */
export class StepDeadlineError extends HttpError {
  constructor(task: EpisodeTask, deadlineMs: number) {
    super(
      503,
      `${describeTask(task)} ran longer than STEP_TIMEOUT_MS (${deadlineMs} ms) without finishing and was stopped; ` +
        "nothing was recorded, the episode is as it was before this request",
    );
    this.name = "StepDeadlineError";
  }
}

/**
 * A task that kept reporting progress but ran past MAX_REPLAY_MS in all (a replay whose every action is slow):
 * a 503 like a stalled step, and not retried either. Its worker is replaced.
 */
export class ReplayDeadlineError extends HttpError {
  constructor(task: EpisodeTask, totalMs: number) {
    super(
      503,
      `${describeTask(task)} ran longer than MAX_REPLAY_MS (${totalMs} ms) in all and was stopped; ` +
        "nothing was recorded, the episode is as it was before this request: replay fewer or cheaper actions",
    );
    this.name = "ReplayDeadlineError";
  }
}

/** The server is shutting down: a 503 with Retry-After, since another replica (or this one, restarted) will answer. */
export class ShuttingDownError extends HttpError {
  constructor() {
    super(503, "server shutting down: the request was not carried out; retry it once the server is back", { "Retry-After": "1" });
    this.name = "ShuttingDownError";
  }
}

/** The worker running a task stopped (it crashed, or could not start): the server's fault, answered as a 500. */
export class WorkerLostError extends Error {
  constructor(override readonly cause: unknown) {
    super(`episode worker stopped: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "WorkerLostError";
  }
}

/** The worker was replaced before it reached this task; the pool sends it again (never seen by clients). */
export class LaneRestartedError extends Error {
  constructor() {
    super("episode worker replaced before the task ran");
    this.name = "LaneRestartedError";
  }
}
