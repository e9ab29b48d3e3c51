/**
 * A step's answer and an episode's state as JSON, with the repository's files written once per repository
 * state: an episode's files are most of its answer and change only where an action changed them, while every
 * step of every episode of a scenario at that state sends them again. The files and modes are serialised once
 * per state, kept by repository object (repositories are immutable) and by state key (kept.ts: two episodes
 * that made the same edit hold equal repositories, not the same one; the assessment has keyed the state
 * already), and spliced into the rest, serialised as usual, so the text is exactly JSON.stringify's.
 */
import type { EpisodeState, Observation, StepResult } from "../../contracts/observation.js";
import type { Repository } from "../../simulators/repository.js";
import { KeptByState, MAX_KEPT_ANSWER_BYTES, MAX_KEPT_ANSWERS, stateKey } from "../../simulators/incremental/kept.js";

interface Fragments {
  files: string;
  modes: string;
}

const fragments = new WeakMap<Repository, Fragments>();
const byState = new KeptByState<Fragments>({ count: MAX_KEPT_ANSWERS, bytes: MAX_KEPT_ANSWER_BYTES }, (f) => 64 + (f.files.length + f.modes.length) * 2);

// Stand-ins for the two values while the rest is serialised. A NUL can only be written escaped, and a quote
// inside a string only as \", so `"files":"\u0000files"` appears in the text only where the stand-in is.
const FILES = "\u0000files";
const MODES = "\u0000modes";
const FILES_AT = `"files":${JSON.stringify(FILES)}`;
const MODES_AT = `"file_modes":${JSON.stringify(MODES)}`;

type WithFiles = Pick<Observation, "files" | "file_modes">;

/**
 * JSON.stringify(whole(shown)), where `shown` holds `repo`'s files: `whole` is called with `shown` whose
 * files and modes are stand-ins, and the kept fragments are spliced in where they land.
 */
function withFiles<T extends WithFiles>(shown: T, whole: (shown: T) => unknown, repo: Repository): string {
  let kept = fragments.get(repo);
  if (kept === undefined) {
    kept = byState.get(stateKey(repo), () => ({ files: JSON.stringify(shown.files), modes: JSON.stringify(shown.file_modes) }));
    fragments.set(repo, kept);
  }
  const rest = JSON.stringify(whole({ ...shown, files: FILES, file_modes: MODES }));
  const files = rest.indexOf(FILES_AT);
  const modes = rest.indexOf(MODES_AT, files);
  if (files < 0 || modes < 0) return JSON.stringify(whole(shown));
  return `${rest.slice(0, files)}"files":${kept.files}${rest.slice(files + FILES_AT.length, modes)}"file_modes":${kept.modes}${rest.slice(modes + MODES_AT.length)}`;
}

/** `result` as JSON.stringify writes it; `repo` is the repository whose files its observation shows. */
export function resultJson(result: StepResult, repo: Repository): string {
  return withFiles(result.observation, (observation) => ({ ...result, observation }), repo);
}

/** `state` as JSON.stringify writes it; `repo` is the repository whose files it shows. */
export function stateJson(state: EpisodeState, repo: Repository): string {
  return withFiles(state, (shown) => shown, repo);
}
