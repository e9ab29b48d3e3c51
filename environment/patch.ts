/**
 * The apply_patch action: a unified diff (git-style or plain) over one or more files, applied with the
 * `diff` package, all or nothing. Git's extended headers count too: `new file mode`, `deleted file mode`,
 * `old mode`/`new mode` (how a user makes entrypoint.sh executable), and renames.
 */
import { applyPatch, parsePatch } from "diff";
import type { StructuredPatch } from "diff";
import { MAX_FILES_PER_REPOSITORY, MAX_PATCH_HUNKS } from "../contracts/limits.js";
import { cut } from "../contracts/quote.js";
import { EXECUTABLE, REGULAR, describePathProblem, normaliseRepoPath } from "../simulators/repository.js";
import type { RepoFile, Repository } from "../simulators/repository.js";
import { checkHunks, newSearchBudget, type SearchBudget } from "./hunk-search.js";

export type PatchOutcome = { ok: true; repo: Repository } | { ok: false; error: string };

/** A regular file's mode as git keeps it: any owner-executable bit makes it 100755 (git's canon_mode). */
function modeOf(git: string | undefined): number | undefined {
  if (git === undefined) return undefined;
  return (parseInt(git, 8) & 0o100) !== 0 ? EXECUTABLE : REGULAR;
}

const MODE_LINE = /^(old mode|new mode|new file mode|deleted file mode) (.*)$/;

/**
 * The first mode line that names no regular file's mode, in git apply's words: `invalid mode on line N`
 * (git's own for a mode that is not octal). A mode past 0177777, or of another file type (a symbolic link's
 * 120000, a submodule's 160000), is refused the same way: the repository holds regular files only.
 */
function invalidMode(text: string): string | null {
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    const m = MODE_LINE.exec(line.replace(/\r$/, ""));
    if (!m) continue;
    const mode = m[2]!;
    if (!/^[0-7]{1,6}$/.test(mode) || (parseInt(mode, 8) & 0o170000) !== 0o100000) {
      return `error: invalid mode on line ${i + 1}: ${JSON.stringify(cut(mode)).slice(1, -1)} (a file here is 100644, or 100755 to be executable)`;
    }
  }
  return null;
}

/** `a/Dockerfile` → `Dockerfile`; `/dev/null` → null. */
function fileName(raw: string | undefined): { path: string | null } | { error: string } {
  if (raw === undefined || raw === "/dev/null" || raw === "") return { path: null };
  const stripped = raw.replace(/^[ab]\//, "");
  const normal = normaliseRepoPath(stripped);
  if ("problem" in normal) return { error: describePathProblem(cut(stripped), normal.problem, normal.char) };
  return { path: normal.path };
}

function applyOne(files: Map<string, RepoFile>, patch: StructuredPatch, index: number, budget: SearchBudget): string | null {
  const oldName = fileName(patch.oldFileName);
  const newName = fileName(patch.newFileName);
  if ("error" in oldName) return `patch file ${index + 1}: ${oldName.error}`;
  if ("error" in newName) return `patch file ${index + 1}: ${newName.error}`;
  const isDelete = patch.isDelete === true || (newName.path === null && oldName.path !== null);
  const isCreate = patch.isCreate === true || (oldName.path === null && newName.path !== null);
  const source = isCreate ? null : oldName.path;
  const target = isDelete ? null : (newName.path ?? oldName.path);
  if (source === null && target === null) return `patch file ${index + 1}: names no file (both sides are /dev/null)`;

  const existing = source === null ? undefined : files.get(source);
  if (source !== null && existing === undefined) return `patch file ${index + 1}: ${source} does not exist`;
  if (isCreate && target !== null && files.has(target)) return `patch file ${index + 1}: creates ${target}, which already exists`;

  const before = existing?.content ?? "";
  const checked = checkHunks(before, patch, source ?? target ?? "the file", budget);
  if ("error" in checked) return `patch file ${index + 1}: ${checked.error}`;
  // checkHunks converted the line endings as applyPatch would, and bounded its search.
  const after = patch.hunks.length === 0 ? before : applyPatch(before, checked.patch, { autoConvertLineEndings: false });
  if (after === false) {
    const first = patch.hunks[0];
    return `patch does not apply to ${source ?? target}: hunk @@ -${first?.oldStart},${first?.oldLines} @@ does not match the file's current lines`;
  }
  if (source !== null && (isDelete || (target !== null && target !== source))) files.delete(source);
  if (target !== null) {
    const mode = modeOf(patch.newMode) ?? existing?.mode ?? REGULAR;
    files.set(target, { content: after, mode });
  }
  return null;
}

export function applyUnifiedPatch(repo: Repository, text: string): PatchOutcome {
  const mode = invalidMode(text);
  if (mode !== null) return { ok: false, error: mode };
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(text);
  } catch (e) {
    return { ok: false, error: `patch is not a valid unified diff: ${cut(e instanceof Error ? e.message : "unreadable")}` };
  }
  const meaningful = patches.filter((p) => p.hunks.length > 0 || p.oldMode || p.newMode || p.isDelete || p.isCreate || p.isRename);
  if (meaningful.length === 0) return { ok: false, error: "patch changes nothing: no hunks (@@ … @@) or mode changes found" };
  const hunks = meaningful.reduce((n, p) => n + p.hunks.length, 0);
  if (hunks > MAX_PATCH_HUNKS) return { ok: false, error: `patch has ${hunks} hunks; a patch may have at most ${MAX_PATCH_HUNKS}` };
  if (meaningful.length > MAX_FILES_PER_REPOSITORY) {
    return { ok: false, error: `patch changes ${meaningful.length} files; a repository may have at most ${MAX_FILES_PER_REPOSITORY}` };
  }
  const files = new Map(repo);
  const budget = newSearchBudget();
  for (const [i, p] of meaningful.entries()) {
    const error = applyOne(files, p, i, budget);
    if (error) return { ok: false, error };
  }
  return { ok: true, repo: files };
}
