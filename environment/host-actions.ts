/**
 * Actions on a simulated host. The `host` action runs its command line on the host; the edit actions edit
 * the host's files (a path may be written absolute, `/etc/nginx/nginx.conf`, as on the host), never the
 * host's reserved state, which no action can read, create or change; and a file an edit deletes while a
 * process still holds it open keeps its blocks in use until that process ends, as unlink does.
 */
import type { EditAction } from "../contracts/actions.js";
import { runHostCommand, type HostCommandOutcome } from "../simulators/host/commands/index.js";
import { KeptByState, MAX_KEPT_COMMAND_BYTES, MAX_KEPT_COMMANDS, stateKey } from "../simulators/incremental/kept.js";
import { HostDraft } from "../simulators/host/draft.js";
import { HOST_STATE_PATH, hostFiles, isHostRepository, isHostStatePath, unchangedStateFile } from "../simulators/host/state.js";
import type { Repository } from "../simulators/repository.js";

export type HostActionOutcome = { ok: true; repo: Repository; changed: boolean; output?: string } | { ok: false; error: string };

/**
 * Host commands' outcomes kept by the state they ran on and their command line: a command's outcome is a
 * pure function of the two (the host's clock is part of its state), and rollouts of a scenario run the same
 * commands on the same states again and again. An outcome is charged for what it adds: its output and the
 * state it leaves (its other files are shared with the state it ran on).
 */
const keptCommands = new KeptByState<HostCommandOutcome>({ count: MAX_KEPT_COMMANDS, bytes: MAX_KEPT_COMMAND_BYTES }, (out) =>
  out.ok ? 256 + out.output.length * 2 + (out.repo.get(HOST_STATE_PATH)?.content.length ?? 0) * 2 : 256 + out.error.length * 2,
);

type FileEdit = (repo: Repository, action: EditAction) => HostActionOutcome;

/** A host path as the repository names it: `/etc/x` is `etc/x`. */
function relative(path: string): string {
  return path.startsWith("/") ? path.replace(/^\/+/, "") : path;
}

function withRelativePaths(action: EditAction): EditAction {
  switch (action.action_type) {
    case "edit_file":
      return { ...action, edits: action.edits.map((e) => ({ ...e, file_path: relative(e.file_path) })) };
    case "replace_line":
    case "add_line":
    case "delete_line":
    case "add_block":
    case "delete_block":
      return { ...action, file_path: relative(action.file_path) };
    default:
      return action;
  }
}

/** Whether `action` names the host's reserved state. */
function namesState(action: EditAction): boolean {
  switch (action.action_type) {
    case "edit_file":
      return action.edits.some((e) => isHostStatePath(relative(e.file_path).replace(/^\.\//, "")));
    case "apply_patch":
      return /^(?:---|\+\+\+|diff --git) .*\.breakfix\//m.test(action.patch);
    case "host":
      return false;
    default:
      return isHostStatePath(relative(action.file_path).replace(/^\.\//, ""));
  }
}

/** `action` on a host repository; `editFiles` is the ordinary edit on plain files. */
export function applyHostAction(repo: Repository, action: EditAction, editFiles: FileEdit): HostActionOutcome {
  if (action.action_type === "host") {
    const out = keptCommands.get(`${action.command}\u0002${stateKey(repo)}`, () => runHostCommand(repo, action.command));
    return out.ok ? { ok: true, repo: out.repo, changed: true, output: out.output } : out;
  }
  if (namesState(action)) return { ok: false, error: "no such file: /.breakfix is not part of the host" };
  const view = hostFiles(repo);
  const edited = editFiles(view, withRelativePaths(action));
  if (!edited.ok) return edited;
  if ([...edited.repo.keys()].some(isHostStatePath)) return { ok: false, error: "no such file: /.breakfix is not part of the host" };
  const files = new Map(view);
  const removed = [...files.keys()].filter((key) => !edited.repo.has(key));
  for (const key of removed) files.delete(key);
  for (const [key, file] of edited.repo) {
    const was = files.get(key);
    if (!was || was.content !== file.content || was.mode !== file.mode) files.set(key, file);
  }
  if (removed.length === 0) {
    // Nothing deleted, so the state is as it was: the new repository keeps its file.
    files.set(HOST_STATE_PATH, unchangedStateFile(repo));
    return { ok: true, repo: files, changed: edited.changed };
  }
  // A deleted file may be held open by a process, which the state records (HostDraft.remove).
  const draft = HostDraft.of(repo);
  for (const key of removed) draft.remove(key);
  for (const [key, file] of files) draft.files.set(key, file);
  return { ok: true, repo: draft.repository(), changed: edited.changed };
}

export function refuseHostCommand(): HostActionOutcome {
  return { ok: false, error: "the host action runs commands on a simulated Linux host, and this scenario is a repository: change it with the edit actions" };
}

export { HOST_STATE_PATH, hostFiles, isHostRepository, isHostStatePath };
