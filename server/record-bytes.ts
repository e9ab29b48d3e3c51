/**
 * What an episode's record costs to keep: its actions as JSON, the bulk of it (an edit's contents), plus a
 * little for the rest. The server keeps every action of every episode it holds (a live episode is rebuilt
 * from them, a finished one replayed), so these are the bytes MAX_RECORD_BYTES bounds per episode and
 * MAX_KEPT_RECORD_BYTES over all. Each action is measured once: records share their action objects.
 */
import type { Action } from "../contracts/actions.js";
import type { EpisodeRecord } from "../environment/episode-record.js";

/** What a record's fields other than its actions take (ids, seed, counters), charged once per record. */
export const RECORD_BASE_BYTES = 256;

const measured = new WeakMap<Action, number>();

/** The characters of `action` as JSON, measured once per action object. */
export function actionBytes(action: Action): number {
  let bytes = measured.get(action);
  if (bytes === undefined) {
    bytes = JSON.stringify(action).length;
    measured.set(action, bytes);
  }
  return bytes;
}

/** What keeping `record` costs. */
export function recordBytes(record: EpisodeRecord): number {
  let bytes = RECORD_BASE_BYTES;
  for (const action of record.actions) bytes += actionBytes(action);
  return bytes;
}
