/**
 * One episode in the browser. The page holds no game logic: every change goes to the server as an action
 * (the editor's changes as edit_file or apply_patch, hints, inspections, submit, or any action typed as
 * JSON) on the episode id its reset named, and the page shows the observation that comes back. The server's
 * files are the truth; the editor keeps only unsent changes. On a host scenario (as /tasks marks it) the page
 * adds the host command box, names files by their absolute paths and folds the host's tree.
 */
import { ActionLog, stepOutcome } from "./action-log.js";
import { api, ApiError, newEpisodeId } from "./api.js";
import { renderBreakdown } from "./breakdown.js";
import { announce, byId, fill, signed } from "./dom.js";
import { FileEditor } from "./editor.js";
import { actionFor, changedFiles, type EditActionKind, type FileMode } from "./edits.js";
import { renderTree } from "./file-tree.js";
import { hostAbsolute, hostRelative, withAbsolutePaths } from "./host-commands.js";
import { HostConsole } from "./host-console.js";
import { InspectBox } from "./inspect-box.js";
import type { StartRequest } from "./start-form.js";
import type { Info, PlayObservation, PlayStepResult, ResetBody } from "./types.js";

/** What a hint costs when the server does not publish its scoring weights (README: −0.04 per hint). */
const HINT_COST_FALLBACK = 0.04;
const FAILED_COST_FALLBACK = 0.02;

export interface PlayOptions {
  info: Info;
  /** The scenarios /tasks lists as played on a simulated host (kind "host"). */
  hostScenarios: ReadonlySet<string>;
  /** Opens the replay view on a trajectory (this episode's actions). */
  openReplay(trajectory: { scenario_id: string; actions: unknown[] }): void;
}

export class Play {
  private readonly editor: FileEditor;
  private readonly log = new ActionLog(byId<HTMLOListElement>("action-log"));
  private readonly hintCost: number;
  private readonly inspect = new InspectBox((command) => void this.act({ action_type: "inspect", command }));
  private readonly hostConsole = new HostConsole((command) => void this.act({ action_type: "host", command }));
  /** Whether this episode is played on a simulated host. */
  private onHost = false;
  /** The host tree's folders the user opened. */
  private readonly openFolders = new Set<string>();
  private episodeId: string | null = null;
  private observation: PlayObservation | null = null;
  private lastRequest: StartRequest | null = null;
  private done = false;
  private busy = false;
  private selected: string | null = null;
  private serverFiles: Record<string, string> = {};
  private serverModes: Record<string, FileMode> = {};
  /** Execute bits the user changed, and files the user created, until the server has them. */
  private readonly draftModes = new Map<string, FileMode>();
  private readonly addedFiles = new Set<string>();

  constructor(private readonly options: PlayOptions) {
    this.hintCost = options.info.scoring?.hint ?? HINT_COST_FALLBACK;
    this.editor = new FileEditor(byId("editor"), () => this.refreshPending());
    byId("inspect-section").hidden = !options.info.action_types.includes("inspect");
    byId("hint-button").textContent = `Request hint (costs ${this.hintCost.toFixed(2)} of the score)`;
    this.wire();
  }

  /** Starts a new episode on its own episode id. */
  async start(request: StartRequest): Promise<void> {
    if (this.busy) return;
    this.lastRequest = request;
    const body: ResetBody = { ...request, episode_id: newEpisodeId("play") };
    this.setBusy(true);
    byId("start-error").hidden = true;
    try {
      const result = await api.reset(body);
      this.episodeId = result.observation.episode_id;
      this.editor.clear();
      this.draftModes.clear();
      this.addedFiles.clear();
      this.serverFiles = {};
      this.serverModes = {};
      this.selected = null;
      this.done = false;
      this.log.clear();
      this.hideActionError();
      const paths = Object.keys(result.observation.files).sort();
      this.onHost = this.options.hostScenarios.has(result.observation.scenario_id);
      this.openFolders.clear();
      this.inspect.reset(paths, this.onHost);
      this.hostConsole.reset(this.onHost && this.options.info.action_types.includes("host"), paths, result.observation.error_message);
      byId<HTMLInputElement>("new-file-path").placeholder = this.onHost ? "/etc/nginx/conf.d/extra.conf" : "k8s/configmap.yaml";
      byId("result-section").hidden = true;
      byId("welcome").hidden = true;
      byId("episode").hidden = false;
      const o = result.observation;
      this.log.add({ method: "POST", path: "reset", body, title: "Reset", outcome: `${o.scenario_id} · ${o.issues_total} issue${o.issues_total === 1 ? "" : "s"} · max ${o.max_steps} steps` });
      this.apply(result);
      this.open(firstFileToShow(o));
      announce(`Episode started: ${o.scenario_id}. ${o.issues_total} issue${o.issues_total === 1 ? "" : "s"} to fix in at most ${o.max_steps} steps.`);
    } catch (error) {
      // The episode area may not be shown yet (a first reset refused at capacity): say it by the form.
      const box = byId("start-error");
      box.hidden = false;
      box.textContent = `Could not start the episode: ${messageOf(error)}`;
    } finally {
      this.setBusy(false);
    }
  }

  private wire(): void {
    byId("send-button").addEventListener("click", () => void this.sendEdits());
    byId("discard-button").addEventListener("click", () => this.discard());
    byId("hint-button").addEventListener("click", () => void this.act({ action_type: "request_hint" }));
    byId("submit-button").addEventListener("click", () => void this.act({ action_type: "submit" }));
    byId("again-button").addEventListener("click", () => this.lastRequest && void this.start(this.lastRequest));
    byId("replay-episode-button").addEventListener("click", () => void this.replayEpisode());
    for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="send-as"]')) radio.addEventListener("change", () => this.refreshPending());
    byId<HTMLInputElement>("exec-toggle").addEventListener("change", (event) => {
      if (this.selected === null) return;
      const mode: FileMode = (event.target as HTMLInputElement).checked ? "100755" : "100644";
      if (mode === (this.serverModes[this.selected] ?? "100644")) this.draftModes.delete(this.selected);
      else this.draftModes.set(this.selected, mode);
      this.refreshPending();
    });
    byId<HTMLFormElement>("raw-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.sendRaw();
    });
    this.wireNewFile();
  }

  private wireNewFile(): void {
    const form = byId<HTMLFormElement>("new-file-form");
    const input = byId<HTMLInputElement>("new-file-path");
    const button = byId<HTMLButtonElement>("new-file-button");
    button.addEventListener("click", () => {
      form.hidden = false;
      button.hidden = true;
      input.focus();
    });
    const close = () => {
      form.hidden = true;
      button.hidden = false;
      input.value = "";
      button.focus();
    };
    byId("new-file-cancel").addEventListener("click", close);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      // On a host a path may be typed absolute; the observation keys it relative to /.
      const path = this.onHost ? hostRelative(input.value.trim()) : input.value.trim();
      if (path === "") return;
      // The server judges the path (outside the repository, absolute, …) when the file is sent.
      if (!(path in this.serverFiles)) this.addedFiles.add(path);
      close();
      this.open(path);
      this.editor.focus();
    });
  }

  /** The changes the send button would send. */
  private changes() {
    const drafts = new Map<string, { content: string; mode: FileMode }>();
    for (const path of new Set([...this.editor.paths(), ...this.draftModes.keys(), ...this.addedFiles])) {
      const content = this.editor.content(path) ?? this.serverFiles[path] ?? "";
      drafts.set(path, { content, mode: this.draftModes.get(path) ?? this.serverModes[path] ?? "100644" });
    }
    return changedFiles(this.serverFiles, this.serverModes, drafts).filter((c) => c.before !== null || this.addedFiles.has(c.path));
  }

  private sendKind(): EditActionKind {
    return document.querySelector<HTMLInputElement>('input[name="send-as"]:checked')?.value === "apply_patch" ? "apply_patch" : "edit_file";
  }

  private async sendEdits(): Promise<void> {
    const changes = this.changes();
    if (changes.length === 0) return;
    const { action, kind } = this.editAction(changes);
    await this.act(action, kind !== this.sendKind() ? "apply_patch: edit_file cannot change a file's mode" : undefined);
  }

  /** The action for the unsent changes; on a host, edit_file names the files by their absolute paths. */
  private editAction(changes: ReturnType<Play["changes"]>) {
    const chosen = actionFor(changes, this.sendKind());
    return this.onHost ? { ...chosen, action: withAbsolutePaths(chosen.action) } : chosen;
  }

  private sendRaw(): void {
    const text = byId<HTMLTextAreaElement>("raw-action").value.trim();
    let action: unknown;
    try {
      action = JSON.parse(text);
    } catch (error) {
      this.showActionError(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    void this.act(action);
  }

  /** Posts one action on this episode and shows what came back. */
  private async act(action: unknown, note?: string): Promise<void> {
    if (this.episodeId === null || this.busy) return;
    const body = { action, episode_id: this.episodeId };
    const type = (action as { action_type?: unknown } | null)?.action_type;
    const label = typeof type === "string" ? type : "action";
    this.setBusy(true);
    try {
      const result = await api.step(body);
      const o = result.observation;
      const error = o.last_action_error;
      this.log.add({
        method: "POST",
        path: "step",
        body,
        title: `Step ${o.step_count} · ${label}${note ? ` (${note})` : ""}`,
        outcome: stepOutcome(result.reward, o.issues_fixed, o.issues_total, result.done),
        error,
        output: o.inspect_output,
      });
      this.apply(result);
      const cost = signed(-(this.options.info.scoring?.failed ?? FAILED_COST_FALLBACK));
      if (error) this.showActionError(label === "host" ? `The host refused the command, which changed nothing (${cost}): ${error}` : `The ${label} failed and changed nothing (${cost}): ${error}`);
      else this.hideActionError();
      if (label === "host") this.hostConsole.record({ command: commandOf(action), step: o.step_count, output: error ? null : o.inspect_output, error });
      if (label === "inspect" && !error) this.inspect.show(String((action as { command?: unknown }).command ?? ""), o.step_count, o.inspect_output);
      if (result.done) this.finish(o);
      else if (label === "request_hint" && o.hint) announce(`Hint: ${o.hint}`);
    } catch (error) {
      const message = messageOf(error);
      this.log.add({ method: "POST", path: "step", body, title: `Refused · ${label}`, error: message, errorLabel: "refused" });
      this.showActionError(message);
      if (label === "host") this.hostConsole.record({ command: commandOf(action), step: null, output: null, error: message });
    } finally {
      this.setBusy(false);
    }
  }

  /** Takes in an observation: the server's files replace every editor text the server changed. */
  private apply(result: PlayStepResult): void {
    const o = result.observation;
    const before = this.serverFiles;
    const modesBefore = this.serverModes;
    this.observation = o;
    this.done = result.done;
    this.serverFiles = o.files;
    this.serverModes = o.file_modes;
    for (const path of this.editor.paths()) {
      const gone = !(path in o.files) && !this.addedFiles.has(path);
      if (gone || o.files[path] !== before[path]) this.editor.drop(path);
    }
    for (const [path] of this.draftModes) if (o.file_modes[path] !== modesBefore[path] || o.file_modes[path] === this.draftModes.get(path)) this.draftModes.delete(path);
    for (const path of [...this.addedFiles]) if (path in o.files) this.addedFiles.delete(path);
    if (this.selected !== null && !(this.selected in o.files) && !this.addedFiles.has(this.selected)) this.selected = null;
    if (this.selected !== null) this.open(this.selected);
    this.renderStatus(o);
    this.editor.setReadOnly(this.done);
    this.refreshPending();
  }

  private renderStatus(o: PlayObservation): void {
    byId("status-scenario").textContent = `${o.scenario_id} (${o.difficulty})`;
    byId("status-issues").textContent = `${o.issues_fixed} / ${o.issues_total}`;
    byId("status-steps").textContent = `${o.step_count} / ${o.max_steps}`;
    byId("status-hints").textContent = o.hints_used === 0 ? "0" : `${o.hints_used} (${signed(-o.hints_used * this.hintCost)} on the score)`;
    byId("status-score").textContent = o.score === null ? "not graded yet" : o.score.toFixed(2);
    byId("error-log").textContent = o.error_message ?? (this.onHost ? "No alert firing." : "No error: every stage of the pipeline passes.");
    byId("instructions").textContent = o.instructions;
    byId("secrets").textContent = o.available_secrets.length === 0 ? "" : `Repository secrets: ${o.available_secrets.join(", ")}`;
    const hint = byId("hint-text");
    hint.textContent = o.hint ?? (o.hints_used > 0 ? "Every issue has been hinted." : "No hint used.");
    hint.classList.toggle("muted", o.hint === null);
    this.renderTree();
  }

  private renderTree(): void {
    const paths = new Set([...Object.keys(this.serverFiles), ...this.addedFiles]);
    const changed = new Set(this.changes().map((c) => c.path));
    const files = [...paths].map((path) => ({
      path,
      modified: changed.has(path),
      added: this.addedFiles.has(path),
      executable: (this.draftModes.get(path) ?? this.serverModes[path]) === "100755",
    }));
    const folding = this.onHost ? { open: this.openFolders, toggle: (folder: string, open: boolean) => void (open ? this.openFolders.add(folder) : this.openFolders.delete(folder)) } : undefined;
    fill(byId("file-tree"), renderTree(files, this.selected, (path) => this.open(path), folding));
  }

  private open(path: string | null): void {
    if (path === null) return;
    this.selected = path;
    const language = this.editor.show(path, this.serverFiles[path] ?? "");
    byId("editor-file").textContent = this.onHost ? hostAbsolute(path) : path;
    byId("editor-language").textContent = `(${language})`;
    const exec = byId<HTMLInputElement>("exec-toggle");
    exec.checked = (this.draftModes.get(path) ?? this.serverModes[path]) === "100755";
    exec.disabled = this.done || this.busy;
    this.renderTree();
  }

  /** Updates the send button, the summary of unsent changes and the action it would post. */
  private refreshPending(): void {
    const changes = this.changes();
    const none = changes.length === 0;
    const send = byId<HTMLButtonElement>("send-button");
    send.disabled = none || this.done || this.busy;
    byId<HTMLButtonElement>("discard-button").disabled = none || this.busy;
    send.textContent = none ? "Send edit" : `Send edit (${changes.length} file${changes.length === 1 ? "" : "s"})`;
    byId("pending-summary").textContent = none ? "No unsent changes." : `Unsent: ${changes.map((c) => c.path).join(", ")}`;
    byId("pending-json").textContent = none ? "—" : JSON.stringify({ action: this.editAction(changes).action, episode_id: this.episodeId });
    this.renderTree();
  }

  private discard(): void {
    for (const path of this.editor.paths()) this.editor.drop(path);
    this.draftModes.clear();
    this.addedFiles.clear();
    const keep = this.selected !== null && this.selected in this.serverFiles ? this.selected : firstFileToShow(this.observation);
    this.selected = null;
    this.open(keep);
    this.refreshPending();
    announce("Unsent changes discarded.");
  }

  private finish(o: PlayObservation): void {
    const section = byId("result-section");
    section.hidden = false;
    byId("result-score").textContent = o.score === null ? "" : o.score.toFixed(2);
    fill(byId("result-breakdown"), o.score_breakdown ? renderBreakdown(o.score_breakdown) : "The server sent no breakdown.");
    byId("result-heading").focus();
    announce(`Episode done. Score ${o.score?.toFixed(2) ?? "unknown"}; ${o.issues_fixed} of ${o.issues_total} issues fixed.`);
  }

  private async replayEpisode(): Promise<void> {
    if (this.episodeId === null) return;
    try {
      const state = await api.state(this.episodeId);
      this.options.openReplay({ scenario_id: state.scenario_id, actions: state.actions });
    } catch (error) {
      this.showActionError(messageOf(error));
    }
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    const locked = busy || this.done;
    for (const id of ["hint-button", "submit-button"]) byId<HTMLButtonElement>(id).disabled = locked || this.episodeId === null;
    this.inspect.setDisabled(locked);
    this.hostConsole.setDisabled(locked);
    for (const el of byId("raw-form").querySelectorAll<HTMLButtonElement>("button")) el.disabled = locked;
    byId<HTMLButtonElement>("start-button").disabled = busy;
    byId<HTMLButtonElement>("new-file-button").disabled = locked;
    byId<HTMLInputElement>("exec-toggle").disabled = locked || this.selected === null;
    byId("episode").setAttribute("aria-busy", String(busy));
    if (this.episodeId !== null) this.refreshPending();
  }

  private showActionError(message: string): void {
    const box = byId("action-error");
    box.hidden = false;
    box.textContent = message;
  }

  private hideActionError(): void {
    byId("action-error").hidden = true;
  }
}

/** The file the error log names first, else the Dockerfile, else the first file. */
function firstFileToShow(o: PlayObservation | null): string | null {
  if (o === null) return null;
  const paths = Object.keys(o.files).sort();
  const log = o.error_message ?? "";
  const named = paths.filter((p) => log.includes(p)).sort((a, b) => log.indexOf(a) - log.indexOf(b))[0];
  return named ?? paths.find((p) => p === "Dockerfile") ?? paths[0] ?? null;
}

/** A host or inspect action's command line, as text. */
function commandOf(action: unknown): string {
  const command = (action as { command?: unknown } | null)?.command;
  return typeof command === "string" ? command : JSON.stringify(command ?? null);
}

function messageOf(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}
