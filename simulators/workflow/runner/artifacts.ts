/**
 * Artifacts between jobs, as actions/upload-artifact@v4 and actions/download-artifact@v4 move them.
 * An upload stores its files relative to the root of what it uploaded (a directory's contents, a file's
 * name). A download by `name:` extracts those files straight into `path:` (the workspace by default);
 * a download without `name:` (all artifacts, or those matching `pattern:`) extracts each artifact into its
 * own subdirectory named after it, unless `merge-multiple: true`. What the job can then read follows. A
 * download by a name no visible job uploaded fails (rules/artifact-not-found.ts).
 */
import path from "node:path";
import type { Location } from "../../engine/rule.js";
import { compileGlob, GlobBudgetExceeded, matchGlob, minimatchExpands } from "../../glob.js";
import { scriptPath } from "./file-access.js";
import { failed } from "./state.js";
import type { CommandResult, RunnerState } from "./state.js";
import { literal } from "./values.js";

export interface Artifact {
  name: string;
  /** Paths inside the artifact, or null when we could not follow what the job uploaded. */
  files: string[] | null;
  /** The upload's `name:` is a value the run cannot know (an unmodelled step's output): `name` is a placeholder. */
  nameUnknown?: boolean;
  /** Uploaded by one leg of a matrix under a name that may differ in the legs the run did not follow: the names those may take. */
  perLeg?: NamePattern;
}

/** A name's literal parts around the values of its expressions: `buildkit-${{ env.P }}` is ["buildkit-", ""]. */
export type NamePattern = readonly string[];

/**
 * Whether `name` is one `pattern` can take, any text standing for each expression. Leftmost matching of each
 * literal part is exact for such patterns, and linear: a name of many expressions cannot make it backtrack.
 */
export function namesFit(pattern: NamePattern, name: string): boolean {
  const first = pattern[0] ?? "";
  const last = pattern[pattern.length - 1] ?? "";
  if (pattern.length === 1) return name === first;
  if (!name.startsWith(first) || name.length < first.length + last.length || !name.endsWith(last)) return false;
  let at = first.length;
  const end = name.length - last.length;
  for (const part of pattern.slice(1, -1)) {
    const found = name.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

/** Artifacts by name. */
export type Artifacts = Map<string, Artifact>;

const GLOB = /[*?[\]{}]/;

/** The files under a workspace path that the job is known to have (checked out or written). */
function knownFilesUnder(state: RunnerState, dir: string): string[] {
  return [...state.workspace.keys(), ...state.written].filter((f) => dir === "." || f.startsWith(`${dir}/`));
}

function isKnownFile(state: RunnerState, p: string): boolean {
  return (state.workspace.has(p) || state.written.has(p)) && knownFilesUnder(state, p).every((f) => f === p);
}

/** What an upload-artifact step stores, from its `path:` lines (exclusions, starting with `!`, only shrink it). */
export function uploadedFiles(state: RunnerState, pathInput: string, workspaceRoot: string): string[] | null {
  const lines = pathInput.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("!"));
  if (lines.length === 0) return null;
  const paths: string[] = [];
  for (const line of lines) {
    const p = GLOB.test(line) ? null : scriptPath(".", literal(line), workspaceRoot);
    if (p === null) return null;
    paths.push(p);
  }
  const files: string[] = [];
  for (const p of paths) {
    if (isKnownFile(state, p)) files.push(p);
    else {
      // A directory's files are known only while nothing untracked could have added to it.
      const under = knownFilesUnder(state, p).filter((f) => f !== p);
      if (under.length === 0 || state.filesUntracked || state.opaqueDirs.length > 0) return null;
      files.push(...under);
    }
  }
  // The root is the directory itself for one directory, else the deepest directory holding every path.
  const root = paths.length === 1 && !isKnownFile(state, paths[0]!) ? paths[0]! : commonDirectory(paths.map((p) => (isKnownFile(state, p) ? path.posix.dirname(p) : p)));
  return [...new Set(files.map((f) => (root === "." ? f : f.slice(root.length + 1))))];
}

function commonDirectory(dirs: string[]): string {
  let parts = dirs[0]!.split("/");
  for (const d of dirs.slice(1)) {
    const other = d.split("/");
    let i = 0;
    while (i < parts.length && parts[i] === other[i]) i++;
    parts = parts.slice(0, i);
  }
  return parts.length === 0 ? "." : parts.join("/");
}

export interface DownloadInputs {
  name: string;
  path: string;
  pattern: string;
  mergeMultiple: boolean;
  /** Another repository or run (`github-token`/`run-id`): its artifacts are not this run's. */
  foreign: boolean;
  /** `name:` or `pattern:` is a value the run cannot know: which artifact it picks is not known. */
  selectionUnknown: boolean;
}

/** Puts an artifact's files under a workspace directory (or marks the directory unknowable). */
function extract(state: RunnerState, artifact: Artifact | null, dir: string): void {
  if (artifact?.files == null) {
    state.opaqueDirs.push(dir);
    return;
  }
  for (const f of artifact.files) state.written.add(dir === "." ? f : `${dir}/${f}`);
  if (artifact.files.length === 0) state.written.add(dir);
}

/**
 * The artifacts a download's `pattern:` selects, as download-artifact matches names (minimatch with its
 * defaults); null when that cannot be followed: the pattern needs an expansion the model does not make
 * (braces, extglobs), or matching it ran the simulation's glob budget out (then `note` says so).
 */
function selectedBy(pattern: string, artifacts: readonly Artifact[]): { chosen: Artifact[] | null; note?: string } {
  if (minimatchExpands(pattern)) return { chosen: null };
  const glob = compileGlob(pattern, "minimatch");
  try {
    return { chosen: artifacts.filter((a) => matchGlob(glob, a.name)) };
  } catch (e) {
    if (e instanceof GlobBudgetExceeded) return { chosen: null, note: e.message };
    throw e;
  }
}

/** Runs download-artifact against the artifacts the job can see; `at` is where its `name:` input is. */
export function downloadArtifacts(state: RunnerState, at: Location, inputs: DownloadInputs, visible: Artifacts, workspaceRoot: string): CommandResult {
  const { judge } = state;
  const refused = judge.judge({
    type: "artifact-download",
    step: judge.step,
    at,
    name: inputs.name,
    pattern: inputs.pattern,
    path: inputs.path,
    foreign: inputs.foreign,
    available: [...visible.keys()],
    unseenUploads: state.unseenArtifacts || [...visible.values()].some((a) => a.perLeg !== undefined && namesFit(a.perLeg, inputs.name)),
    selectionUnknown: inputs.selectionUnknown || [...visible.values()].some((a) => a.nameUnknown === true),
  });
  if (refused) return failed(refused);
  const target = scriptPath(".", literal(inputs.path || "."), workspaceRoot);
  if (inputs.foreign || inputs.selectionUnknown) {
    if (target !== null) state.opaqueDirs.push(target);
    return { status: 0, output: ["Downloading artifacts"] };
  }
  if (inputs.name !== "") {
    if (target !== null) extract(state, visible.get(inputs.name) ?? null, target);
    return { status: 0, output: ["Downloading single artifact", `Artifact download completed successfully.`, "Total of 1 artifact(s) downloaded", "Download artifact has finished successfully"] };
  }
  const selection = inputs.pattern === "" ? { chosen: [...visible.values()] } : selectedBy(inputs.pattern, [...visible.values()]);
  const output =
    inputs.pattern !== ""
      ? [`Filtering artifacts by pattern '${inputs.pattern}'`]
      : ["No input name or pattern filtered specified, downloading all artifacts", ...(inputs.mergeMultiple ? [] : ["An extra directory with the artifact name will be created for each download"])];
  const { chosen } = selection;
  if (chosen === null || state.unseenArtifacts || [...visible.values()].some((a) => a.nameUnknown === true)) {
    // What lands where is not known: the target holds whatever the pattern picked, or uploads we did not see.
    if (target !== null) state.opaqueDirs.push(target);
    return { status: 0, output: [...output, ...(selection.note ? [selection.note] : []), "Download artifact has finished successfully"] };
  }
  if (chosen.length > 0) output.push("Preparing to download the following artifacts:", ...chosen.map((a, i) => `- ${a.name} (ID: ${1000 + i}, Size: 1024)`));
  if (target !== null) for (const a of chosen) extract(state, a, inputs.mergeMultiple ? target : target === "." ? a.name : `${target}/${a.name}`);
  output.push(`Total of ${chosen.length} artifact(s) downloaded`, "Download artifact has finished successfully");
  return { status: 0, output };
}
