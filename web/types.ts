/**
 * The wire types the pages read, taken from the server's own zod types (type-only imports: nothing of the
 * server is bundled), so a change to an answer's shape fails the pages' type-check. The generated family's
 * difficulties and splits are optional here: the pages show the inspection box and the seed fields only when
 * the server advertises them (`inspect` in /info's action types, task `generated` in /tasks).
 */
import type { z } from "zod";
import type { Action } from "../contracts/actions.js";
import type { EpisodeState, Observation, ScoreBreakdown, StepResult } from "../contracts/observation.js";
import type { GradeReportSchema, InfoSchema, MetadataSchema, TaskViewSchema } from "../server/responses.js";

export type { Action, EpisodeState, ScoreBreakdown };

export type PlayObservation = Observation;
export type PlayStepResult = StepResult;

/** /info; `scoring` may be missing on a server that does not publish the weights. */
export type Info = Omit<z.infer<typeof InfoSchema>, "scoring" | "action_types"> & {
  action_types: string[];
  scoring?: Partial<z.infer<typeof InfoSchema>["scoring"]>;
};

/** A task of /tasks; the generated family may list its difficulties and splits instead of scenarios. */
export type TaskView = Omit<z.infer<typeof TaskViewSchema>, "difficulty"> & {
  difficulty: string;
  difficulties?: string[];
  splits?: string[];
};

export type Metadata = z.infer<typeof MetadataSchema>;
export type GradeReport = z.infer<typeof GradeReportSchema>;
export type HistoryEntry = GradeReport["history"][number];

/** POST /reset's body as the pages send it. */
export interface ResetBody {
  task_id?: string;
  scenario_id?: string;
  seed?: number;
  difficulty?: string;
  split?: string;
  episode_id: string;
}

/** POST /step's body: exactly what an agent sends. */
export interface StepBody {
  action: unknown;
  episode_id: string;
}

export interface ArenaSide {
  label: string;
  actions: unknown[];
}

export interface ArenaRequest {
  scenario_id: string;
  a: ArenaSide;
  b: ArenaSide;
}

export type ArenaResult = {
  scenario_id: string;
  winner: "a" | "b" | "tie";
  winner_label: string | null;
  reason: string;
  a: GradeReport & { label: string };
  b: GradeReport & { label: string };
};
