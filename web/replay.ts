/**
 * The replay view. A trajectory is graded by POST /grader (the score and per-step rewards the grader trusts)
 * and played on a fresh episode of its own (reset with a new episode id, then each action through /step), so
 * every step can show the files' diff, the reward and the log as an agent saw them. Two trajectories on one
 * scenario can be compared through POST /arena.
 */
import { actionSummary } from "./action-summary.js";
import { historyTable, renderArena } from "./arena.js";
import { api, newEpisodeId } from "./api.js";
import { renderBreakdown } from "./breakdown.js";
import { renderFilesDiff } from "./diff-view.js";
import { announce, byId, fill, h, pretty, signed } from "./dom.js";
import { MAX_ROWS, renderResults } from "./results-view.js";
import { mergeLoaded, parseTrajectoryText, TrajectoryError, type Loaded, type Trajectory } from "./trajectory.js";
import type { ArenaRequest, GradeReport, HistoryEntry, PlayObservation } from "./types.js";

interface Frame {
  observation: PlayObservation;
  action: unknown;
  reward: number | null;
  done: boolean;
  graded: HistoryEntry | undefined;
}

export class Replay {
  private frames: Frame[] = [];
  private index = 0;
  private runId = 0;

  constructor() {
    byId<HTMLFormElement>("replay-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.load(() => parseTrajectoryText(byId<HTMLTextAreaElement>("trajectory-input").value));
    });
    byId<HTMLInputElement>("trajectory-file").addEventListener("change", (event) => void this.openFiles((event.target as HTMLInputElement).files));
    const range = byId<HTMLInputElement>("step-range");
    range.addEventListener("input", () => this.show(Number(range.value)));
    byId("step-first").addEventListener("click", () => this.show(0));
    byId("step-prev").addEventListener("click", () => this.show(this.index - 1));
    byId("step-next").addEventListener("click", () => this.show(this.index + 1));
    byId("step-last").addEventListener("click", () => this.show(this.frames.length - 1));
  }

  /** Puts a trajectory in the box and loads it (the play view's "Replay this episode"). */
  open(trajectory: { scenario_id: string; actions: unknown[] }): void {
    byId<HTMLTextAreaElement>("trajectory-input").value = pretty(trajectory);
    this.load(() => parseTrajectoryText(pretty(trajectory)));
  }

  /**
   * Files opened together load as one (two agents' `eval --jsonl` files side by side); each is read on its own,
   * so a pretty-printed results file and a JSON lines file can be mixed. One file also fills the text box.
   */
  private async openFiles(list: FileList | null): Promise<void> {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    const texts = await Promise.all(files.map((file) => file.text()));
    if (files.length === 1) byId<HTMLTextAreaElement>("trajectory-input").value = texts[0]!;
    this.load(() =>
      mergeLoaded(
        texts.map((text, i) => {
          try {
            return parseTrajectoryText(text);
          } catch (error) {
            throw new TrajectoryError(`${files[i]!.name}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }),
      ),
    );
  }

  private load(read: () => Loaded): void {
    this.hideError();
    let loaded: Loaded;
    try {
      loaded = read();
    } catch (error) {
      this.showError(error instanceof Error ? error.message : String(error));
      return;
    }
    this.renderChoices(loaded);
    byId("arena-result").hidden = true;
    if (loaded.arena !== null) void this.compare(loaded.arena);
    if (loaded.trajectories.length === 1) void this.play(loaded.trajectories[0]!);
  }

  private renderChoices(loaded: Loaded): void {
    const choices = byId("replay-choices");
    if (loaded.results !== null) {
      const others = loaded.trajectories.filter((t) => !loaded.results!.some((r) => r.trajectory === t));
      fill(
        choices,
        renderResults(loaded.results, {
          replay: (t) => void this.play(t),
          compare: (a, b) => void this.compare({ scenario_id: a.scenario_id, a: { label: a.label, actions: a.actions }, b: { label: b.label, actions: b.actions } }),
          refuse: (message) => this.showError(message),
        }),
        others.length === 0 ? null : this.trajectoryList(others),
      );
      return;
    }
    const many = loaded.trajectories.length > 1;
    fill(choices, many ? this.trajectoryList(loaded.trajectories) : null, many && loaded.arena === null ? this.compareForm(loaded.trajectories) : null);
  }

  private trajectoryList(trajectories: readonly Trajectory[]): HTMLElement {
    return h("ul", { class: "trajectory-list" }, ...trajectories.slice(0, MAX_ROWS).map((t) => h("li", {}, `${t.label}: ${t.scenario_id}, ${t.actions.length} actions `, this.replayButton(t))));
  }

  private replayButton(t: Trajectory): HTMLButtonElement {
    return h("button", { type: "button", class: "small", onclick: () => void this.play(t) }, "Replay", h("span", { class: "visually-hidden" }, ` ${t.label}`));
  }

  /** Two selects and a button: the arena on any two trajectories of one scenario. */
  private compareForm(trajectories: Trajectory[]): HTMLElement {
    const select = (id: string, label: string, initial: number) => {
      const element = h("select", { id }, ...trajectories.map((t, i) => h("option", { value: String(i) }, t.label)));
      element.value = String(initial);
      return { element, field: h("label", { class: "field" }, label, element) };
    };
    const a = select("arena-a", "A", 0);
    const b = select("arena-b", "B", 1);
    const submit = (event: Event) => {
      event.preventDefault();
      const [ta, tb] = [trajectories[Number(a.element.value)]!, trajectories[Number(b.element.value)]!];
      if (ta.scenario_id !== tb.scenario_id) {
        this.showError(`the arena compares two trajectories of one scenario; these are on ${ta.scenario_id} and ${tb.scenario_id}`);
        return;
      }
      void this.compare({ scenario_id: ta.scenario_id, a: { label: ta.label, actions: ta.actions }, b: { label: tb.label, actions: tb.actions } });
    };
    return h("form", { class: "compare-form", onsubmit: submit }, h("span", {}, "Compare in the arena: "), a.field, b.field, h("button", { type: "submit" }, "Compare"));
  }

  private async compare(request: ArenaRequest): Promise<void> {
    this.hideError();
    try {
      const result = await api.arena(request);
      const section = byId("arena-result");
      section.hidden = false;
      renderArena(result, byId("arena-verdict"), byId("arena-sides"), request);
      announce(byId("arena-verdict").textContent ?? "");
      section.scrollIntoView({ block: "start" });
      byId("arena-heading").focus({ preventScroll: true });
    } catch (error) {
      this.showError(error instanceof Error ? error.message : String(error));
    }
  }

  /** Grades the trajectory and plays it on a fresh episode, then shows its first frame. */
  private async play(t: Trajectory): Promise<void> {
    const run = ++this.runId;
    this.hideError();
    const player = byId("replay-player");
    player.hidden = false;
    byId("player-heading").textContent = `Replay: ${t.label} on ${t.scenario_id}`;
    fill(byId("replay-frame"), h("p", { class: "muted" }, "Replaying…"));
    fill(byId("replay-final"));
    let grade: GradeReport;
    const frames: Frame[] = [];
    let stoppedEarly = 0;
    try {
      grade = await api.grade(t.scenario_id, t.actions);
      const episode_id = newEpisodeId("replay");
      const first = await api.reset({ scenario_id: t.scenario_id, episode_id });
      frames.push({ observation: first.observation, action: null, reward: null, done: first.done, graded: undefined });
      for (const [i, action] of t.actions.entries()) {
        if (frames[frames.length - 1]!.done) {
          stoppedEarly = t.actions.length - i;
          break;
        }
        const result = await api.step({ action, episode_id });
        frames.push({ observation: result.observation, action, reward: result.reward, done: result.done, graded: grade.history[i] });
      }
    } catch (error) {
      if (run !== this.runId) return;
      fill(byId("replay-frame"));
      player.hidden = true;
      this.showError(error instanceof Error ? error.message : String(error));
      return;
    }
    if (run !== this.runId) return;
    this.frames = frames;
    const range = byId<HTMLInputElement>("step-range");
    range.max = String(frames.length - 1);
    fill(
      byId("replay-final"),
      h("h3", {}, "Graded by replay (POST /grader)"),
      stoppedEarly > 0 ? h("p", { class: "notice" }, stoppedEarly === 1 ? "The episode was over before the last action, which was not played." : `The episode was over before the last ${stoppedEarly} actions, which were not played.`) : null,
      renderBreakdown(grade.breakdown, `${t.label}: breakdown`),
      historyTable(grade.history, `${t.label}: steps`, t.actions),
    );
    this.show(0);
    byId("player-heading").focus();
  }

  private show(index: number): void {
    if (this.frames.length === 0) return;
    this.index = Math.max(0, Math.min(this.frames.length - 1, index));
    const frame = this.frames[this.index]!;
    const o = frame.observation;
    const last = this.frames.length - 1;
    byId<HTMLInputElement>("step-range").value = String(this.index);
    byId("step-label").textContent = `Step ${this.index} of ${last}`;
    byId<HTMLButtonElement>("step-first").disabled = this.index === 0;
    byId<HTMLButtonElement>("step-prev").disabled = this.index === 0;
    byId<HTMLButtonElement>("step-next").disabled = this.index === last;
    byId<HTMLButtonElement>("step-last").disabled = this.index === last;
    const previous = this.frames[this.index - 1];
    const type = (frame.action as { action_type?: unknown } | null)?.action_type;
    const summary = actionSummary(frame.action);
    const disagreement = frame.graded !== undefined && frame.reward !== null && Math.abs(frame.graded.reward - frame.reward) > 1e-9;
    fill(
      byId("replay-frame"),
      h("h3", {}, this.index === 0 ? "Start: the scenario as reset returns it" : `Step ${this.index}: ${typeof type === "string" ? type : "action"}`),
      summary === null ? null : h("p", { class: "frame-command" }, h("code", {}, summary)),
      h(
        "dl",
        { class: "facts" },
        h("dt", {}, "reward"),
        h("dd", { class: "frame-reward" }, frame.reward === null ? "—" : signed(frame.reward)),
        h("dt", {}, "issues fixed"),
        h("dd", {}, `${o.issues_fixed} / ${o.issues_total}`),
        h("dt", {}, "done"),
        h("dd", {}, frame.done ? `yes${o.score === null ? "" : `, score ${o.score.toFixed(2)}`}` : "no"),
      ),
      disagreement ? h("p", { class: "notice" }, `The grader's reward for this step is ${signed(frame.graded!.reward)}.`) : null,
      o.last_action_error ? h("p", { class: "log-error" }, h("span", { class: "log-error-label" }, "last_action_error: "), o.last_action_error) : null,
      frame.action === null ? null : h("details", { open: true }, h("summary", {}, "Action"), h("pre", { class: "code" }, pretty(frame.action))),
      h("h4", {}, "Files"),
      previous === undefined ? h("p", { class: "muted" }, `${Object.keys(o.files).length} files: ${Object.keys(o.files).sort().join(", ")}`) : renderFilesDiff(previous.observation, o),
      typeof o.inspect_output === "string" ? h("div", {}, h("h4", {}, type === "host" ? "Host command output" : "Inspection output"), h("pre", { class: "log" }, o.inspect_output === "" ? "(no output)" : o.inspect_output)) : null,
      o.hint ? h("p", {}, h("strong", {}, "Hint: "), o.hint) : null,
      h("h4", {}, "Error log after this step"),
      h("pre", { class: "log", tabindex: 0 }, o.error_message ?? "No error: every stage of the pipeline passes."),
    );
  }

  private showError(message: string): void {
    const box = byId("replay-error");
    box.hidden = false;
    box.textContent = message;
  }

  private hideError(): void {
    byId("replay-error").hidden = true;
  }
}
