/**
 * A step's answer and an episode's state as JSON, with its large parts written once and spliced in: an
 * episode's files are most of its answer and change only where an action changed them, while every step of
 * every episode of a scenario at that state sends them again; the instructions are the task's and the error
 * log is the state's, the same text answer after answer. The files and modes are serialised once per state,
 * kept by repository object (repositories are immutable) and by state key (kept.ts: two episodes that made
 * the same edit hold equal repositories, not the same one; the assessment has keyed the state already); the
 * instructions and the error log once per text. The rest is serialised as usual, so the answer is exactly
 * JSON.stringify's.
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

/**
 * Texts as JSON strings, by text. A text answered again is the same string (the task's instructions, the
 * assessment's error log), so the lookup hashes it once; bounded by count, the oldest going first.
 */
const quotedTexts = new Map<string, string>();
const QUOTED_TEXTS = 1024;

function quoted(text: string): string {
  let json = quotedTexts.get(text);
  if (json === undefined) {
    json = JSON.stringify(text);
    if (quotedTexts.size >= QUOTED_TEXTS) quotedTexts.delete(quotedTexts.keys().next().value!);
    quotedTexts.set(text, json);
  }
  return json;
}

// Stand-ins for the spliced values while the rest is serialised. A NUL can only be written escaped, and a
// quote inside a string only as \", so `"files":"\u0000files"` appears in the text only where the stand-in is.
// In the order JSON.stringify writes the fields (the observation's own order).
const SPLICED = ["instructions", "files", "file_modes", "error_message"] as const;
type Spliced = (typeof SPLICED)[number];
const STAND_IN: Record<Spliced, string> = { instructions: "\u0000instructions", files: "\u0000files", file_modes: "\u0000modes", error_message: "\u0000error" };
const AT = SPLICED.map((field) => `"${field}":${JSON.stringify(STAND_IN[field])}`);

type WithFiles = Pick<Observation, Spliced>;

/**
 * JSON.stringify(whole(shown)), where `shown` holds `repo`'s files: `whole` is called with `shown` whose
 * spliced fields are stand-ins, and the kept texts are put in where they land.
 */
function withFiles<T extends WithFiles>(shown: T, whole: (shown: T) => unknown, repo: Repository): string {
  let kept = fragments.get(repo);
  if (kept === undefined) {
    kept = byState.get(stateKey(repo), () => ({ files: JSON.stringify(shown.files), modes: JSON.stringify(shown.file_modes) }));
    fragments.set(repo, kept);
  }
  // A null error log is written as is; the others are always strings.
  const error = shown.error_message;
  const values = [quoted(shown.instructions), kept.files, kept.modes, error === null ? null : quoted(error)];
  const rest = JSON.stringify(
    whole({ ...shown, instructions: STAND_IN.instructions, files: STAND_IN.files, file_modes: STAND_IN.file_modes, error_message: error === null ? null : STAND_IN.error_message }),
  );
  let out = "";
  let from = 0;
  for (let i = 0; i < SPLICED.length; i++) {
    const value = values[i];
    if (value === null) continue;
    const at = rest.indexOf(AT[i]!, from);
    if (at < 0) return JSON.stringify(whole(shown));
    out += `${rest.slice(from, at)}"${SPLICED[i]}":${value}`;
    from = at + AT[i]!.length;
  }
  return out + rest.slice(from);
}

/** `result` as JSON.stringify writes it; `repo` is the repository whose files its observation shows. */
export function resultJson(result: StepResult, repo: Repository): string {
  return withFiles(result.observation, (observation) => ({ ...result, observation }), repo);
}

/** `state` as JSON.stringify writes it; `repo` is the repository whose files it shows. */
export function stateJson(state: EpisodeState, repo: Repository): string {
  return withFiles(state, (shown) => shown, repo);
}
