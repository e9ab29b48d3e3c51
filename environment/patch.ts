/**
 * The apply_patch action: a unified diff (git-style or plain) over one or more files, applied with the
 * `diff` package, all or nothing. Git's extended headers count too: `new file mode`, `deleted file mode`,
 * `old mode`/`new mode` (how a user makes entrypoint.sh executable), and renames.
 */
import { applyPatch, parsePatch } from "diff";
import type { StructuredPatch } from "diff";
import { EXECUTABLE, REGULAR, describePathProblem, normaliseRepoPath } from "../simulators/repository.js";
import type { RepoFile, Repository } from "../simulators/repository.js";

export type PatchOutcome = { ok: true; repo: Repository } | { ok: false; error: string };

function modeOf(git: string | undefined): number | undefined {
  if (git === undefined) return undefined;
  return git.endsWith("755") ? EXECUTABLE : REGULAR;
}

/** `a/Dockerfile` → `Dockerfile`; `/dev/null` → null. */
function fileName(raw: string | undefined): { path: string | null } | { error: string } {
  if (raw === undefined || raw === "/dev/null" || raw === "") return { path: null };
  const stripped = raw.replace(/^[ab]\//, "");
  const normal = normaliseRepoPath(stripped);
  if ("problem" in normal) return { error: describePathProblem(stripped, normal.problem) };
  return { path: normal.path };
}

function applyOne(files: Map<string, RepoFile>, patch: StructuredPatch, index: number): string | null {
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
  const after = patch.hunks.length === 0 ? before : applyPatch(before, patch);
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
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(text);
  } catch (e) {
    return { ok: false, error: `patch is not a valid unified diff: ${(e as Error).message}` };
  }
  const meaningful = patches.filter((p) => p.hunks.length > 0 || p.oldMode || p.newMode || p.isDelete || p.isCreate || p.isRename);
  if (meaningful.length === 0) return { ok: false, error: "patch changes nothing: no hunks (@@ … @@) or mode changes found" };
  const files = new Map(repo);
  for (const [i, p] of meaningful.entries()) {
    const error = applyOne(files, p, i);
    if (error) return { ok: false, error };
  }
  return { ok: true, repo: files };
}
