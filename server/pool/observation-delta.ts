/**
 * Delta observations (observation_mode "delta"): an answer carries only the files added or changed since
 * the previous answer sent to the episode's client, and `paths`, every path the repository holds now, so a
 * client that applies each answer to its copy (write `files`, drop what `paths` no longer lists) holds
 * exactly the full observation's files. The base is what this holder last sent; a holder that has none (the
 * episode was just started, or rebuilt after its live copy was dropped) sends every file, which is still a
 * correct delta against any copy.
 */
import type { Observation, StepResult } from "../../contracts/observation.js";

/** What a delta episode's client holds, as far as this holder knows: path → content last sent. */
export type SentFiles = Map<string, string>;

/**
 * `result` with its observation's files cut to the changes against `sent`, and `paths` after them; `sent`
 * is brought up to date. Every other field, and their order, is as in the full answer.
 */
export function deltaAnswer<R extends { observation: Observation }>(result: R, sent: SentFiles): R {
  const { files } = result.observation;
  const changed: Record<string, string> = {};
  for (const [path, content] of Object.entries(files)) {
    if (sent.get(path) !== content) {
      changed[path] = content;
      sent.set(path, content);
    }
  }
  for (const path of [...sent.keys()]) if (!Object.hasOwn(files, path)) sent.delete(path);
  const observation: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(result.observation)) {
    if (field !== "files") observation[field] = value;
    else {
      observation.files = changed;
      observation.paths = Object.keys(files);
    }
  }
  return { ...result, observation: observation as Observation };
}

/** The files a client holds after applying `observation` (a delta answer) to `held`: a new copy. */
export function applyDelta(held: Readonly<Record<string, string>>, observation: Pick<Observation, "files" | "paths">): Record<string, string> {
  if (observation.paths === undefined) return { ...observation.files };
  const next: Record<string, string> = {};
  for (const path of observation.paths) {
    const content = Object.hasOwn(observation.files, path) ? observation.files[path] : held[path];
    if (content !== undefined) next[path] = content;
  }
  return next;
}

export type { StepResult };
