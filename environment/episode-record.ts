/**
 * An episode as data: which scenario, the seed that chose it, and the actions it accepted. Episodes are
 * deterministic, so replaying the actions on the scenario rebuilds the episode exactly (files, rewards,
 * hints, score); the record is what a store keeps and what any process can rebuild an episode from, while
 * the live Episode object is only a cache of the replay. `hints_used` and `done` are derived, kept so that a
 * store can answer "is it finished?" without replaying.
 */
import type { Judge } from "./judge.js";
import { z } from "zod";
import type { Catalog } from "../tasks/catalog.js";
import { ActionSchema, type Action } from "../contracts/actions.js";
import { ObservationModeSchema, type ResetRequest } from "../contracts/observation.js";
import { Episode } from "./episode.js";
import { resolveResetId } from "./select.js";

export const EpisodeRecordSchema = z.object({
  episode_id: z.string().min(1),
  scenario_id: z.string().min(1),
  seed: z.number().int().nullable(),
  actions: z.array(ActionSchema),
  hints_used: z.number().int().min(0),
  done: z.boolean(),
  /** Present only when the reset asked for delta observations (a full-mode record is as it always was). */
  observation_mode: ObservationModeSchema.optional(),
});
export type EpisodeRecord = z.infer<typeof EpisodeRecordSchema>;

/** A record names a scenario the catalogue does not have, or its actions do not replay as recorded. */
export class ReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplayError";
  }
}

/**
 * The record of the episode a reset starts, before any action: the scenario it chooses and the seed that
 * chose it (drawn here when the request gives neither a seed nor a scenario). Replaying it starts the very
 * episode `Episode.start` would, so a process that only keeps records can hand the start to another.
 * @throws ResetError for an unknown task or scenario.
 * @example const record = startRecord(catalog, { task_id: "dockerfile_syntax", seed: 7 }, "ep-1");
 */
export function startRecord(catalog: Catalog, request: ResetRequest, episodeId: string): EpisodeRecord {
  const { scenarioId, seed } = resolveResetId(catalog, request);
  const record: EpisodeRecord = { episode_id: episodeId, scenario_id: scenarioId, seed, actions: [], hints_used: 0, done: false };
  if (request.observation_mode === "delta") record.observation_mode = "delta";
  return record;
}

/** An action as a record keeps it: without the `metadata` clients may attach, which the engine ignores. */
export function recordedAction(action: Action): Action {
  const { metadata: _ignored, ...recorded } = action;
  return recorded as Action;
}

/**
 * Rebuilds the episode a record describes by replaying its actions from the scenario's start. `onStep` is
 * called after each replayed action (a worker reports progress with it, so a long replay is not mistaken for
 * a stuck one).
 * @throws ReplayError when the scenario is unknown or the replay ends in another state than recorded.
 * @example const episode = replayEpisode(catalog, stored.record, JUDGE);
 */
export function replayEpisode(catalog: Catalog, record: EpisodeRecord, judge: Judge, onStep?: () => void): Episode {
  if (catalog.scenario(record.scenario_id) === undefined) {
    throw new ReplayError(`episode '${record.episode_id}': unknown scenario '${record.scenario_id}'`);
  }
  const request = record.seed === null ? { scenario_id: record.scenario_id } : { scenario_id: record.scenario_id, seed: record.seed };
  const episode = Episode.start(catalog, request, record.episode_id, judge);
  for (const [i, action] of record.actions.entries()) {
    if (episode.done) throw new ReplayError(`episode '${record.episode_id}': action ${i + 1} of ${record.actions.length} comes after the episode ended`);
    episode.step(action);
    onStep?.();
  }
  const rebuilt = episode.record();
  if (rebuilt.done !== record.done || rebuilt.hints_used !== record.hints_used) {
    throw new ReplayError(`episode '${record.episode_id}': the replay does not end as recorded (done ${rebuilt.done}, hints ${rebuilt.hints_used})`);
  }
  return episode;
}
