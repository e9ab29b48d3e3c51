/**
 * The work an episode pool hands to whoever holds live episodes (the main thread, or a worker thread), as
 * plain data that crosses a thread boundary by structured clone: the tasks, what each answers, and errors in
 * a form that can be posted and turned back into the server's own errors on the other side.
 *
 * Episode tasks name the live episode by `key` (a pool-wide id the main thread hands out, not the episode
 * id: two WebSocket sessions may both play an episode they called "ep-1"). A task may carry the episode's
 * record; a holder that does not have the episode live rebuilds it from the record by replay, and one that
 * has neither answers `missing`, so the pool sends the record and asks again. Tasks name the episode id too,
 * for the logs.
 */
import { GenerationError } from "../../generator/generate.js";
import type { Action } from "../../contracts/actions.js";
import type { EpisodeRecord } from "../../environment/episode-record.js";
import type { GradeResult } from "../../graders/grade.js";
import type { EpisodeResult } from "../../baseline/play.js";
import { HttpError, ValidationError, type ValidationDetail } from "../errors.js";

export type EpisodeTask =
  /** Start the episode `record` describes (no actions yet, as a reset makes it), replacing any under `key`. */
  | { op: "start"; key: string; record: EpisodeRecord }
  /** Apply a validated action; `record` is the episode before it. */
  | { op: "step"; key: string; episodeId: string; action: Action; record?: EpisodeRecord }
  /** The current observation, as a reset answers it (reward 0). */
  | { op: "observe"; key: string; episodeId: string; record?: EpisodeRecord }
  /** The state: observation, OpenEnv's state fields, the history. */
  | { op: "state"; key: string; episodeId: string; record?: EpisodeRecord }
  /** Forget the live episode. */
  | { op: "release"; key: string }
  /** Grade validated actions on a scenario by replay. */
  | { op: "grade"; scenarioId: string; actions: Action[] }
  /** The heuristic agent's episode on one scenario. */
  | { op: "baseline"; scenarioId: string };

/** What a step answers: the serialised StepResult, and what the record needs. */
export interface StepAnswer {
  json: string;
  done: boolean;
  /** Whether the action failed (and changed nothing but the counters): its observation's last_action_error. */
  failed: boolean;
  hintsUsed: number;
}

/** What each task answers: serialised JSON where a transport sends it on as it is, plain data otherwise. */
export interface TaskAnswers {
  start: string;
  step: StepAnswer;
  observe: string;
  state: string;
  release: null;
  grade: GradeResult;
  baseline: EpisodeResult;
}

export type TaskOf<Op extends EpisodeTask["op"]> = Extract<EpisodeTask, { op: Op }>;

/** An error as posted between threads. */
export type WireError =
  | { kind: "missing" }
  | { kind: "validation"; details: ValidationDetail[] }
  | { kind: "http"; status: number; message: string }
  | { kind: "internal"; message: string };

/** The holder has no live episode under the key and was given no record to rebuild it from. */
export class MissingEpisodeError extends Error {
  constructor(key: string) {
    super(`no live episode under key '${key}'`);
    this.name = "MissingEpisodeError";
  }
}

/** A task failed where it ran for a reason that is the server's, not the client's (a bug): logged, a 500. */
export class TaskFailedError extends Error {
  constructor(readonly detail: string) {
    super(`episode task failed: ${detail.split("\n")[0]}`);
    this.name = "TaskFailedError";
  }
}

/** Any thrown value as a WireError; internal errors keep their stack for the server's log, never a client. */
export function toWireError(error: unknown): WireError {
  if (error instanceof MissingEpisodeError) return { kind: "missing" };
  if (error instanceof ValidationError) return { kind: "validation", details: error.details };
  if (error instanceof HttpError) return { kind: "http", status: error.status, message: error.message };
  // A generated scenario is built where its episode is played: a seed whose every attempt failed the gates
  // is the client's to change, not a fault of the server.
  if (error instanceof GenerationError) return { kind: "http", status: 422, message: `${error.message}; another seed draws another scenario` };
  return { kind: "internal", message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/** The server's own error for a WireError. */
export function fromWireError(error: WireError): Error {
  switch (error.kind) {
    case "missing":
      return new MissingEpisodeError("?");
    case "validation":
      return new ValidationError(error.details);
    case "http":
      return new HttpError(error.status as HttpError["status"], error.message);
    case "internal":
      return new TaskFailedError(error.message);
  }
}
