/**
 * The host command box of a host scenario: a command line in, sent as a `host` action (a repair step: it
 * changes the host and counts toward efficiency), and below it every command run so far with what it printed,
 * or the reason the host refused it (a failed action, which changed nothing). Enter runs the command; the
 * input keeps focus, is cleared after a command that ran and keeps a refused one so it can be corrected.
 */
import { announce, byId, h } from "./dom.js";
import { hostRepairs } from "./host-commands.js";
import { showSuggestions } from "./suggestions.js";

/** How many repairs show as buttons; the rest are in the input's list. */
const SHOWN = 3;

export interface HostRun {
  command: string;
  step: number | null;
  /** What the command printed (inspect_output), when it ran. */
  output: string | null;
  /** Why it was refused: the failed action's last_action_error, or the server's refusal of the request. */
  error: string | null;
}

export class HostConsole {
  private readonly section = byId("host-section");
  private readonly input = byId<HTMLInputElement>("host-command");
  private readonly history = byId<HTMLOListElement>("host-history");

  /** `run` sends the command as a host action. */
  constructor(run: (command: string) => void) {
    byId<HTMLFormElement>("host-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const command = this.input.value.trim();
      if (command !== "") run(command);
    });
  }

  /** A new episode: shown only on a host, with an empty history and repairs for its units (those the alerts name first). */
  reset(host: boolean, paths: readonly string[], alerts: string | null): void {
    this.section.hidden = !host;
    this.input.value = "";
    this.history.replaceChildren();
    byId("host-history-empty").hidden = false;
    const commands = host ? hostRepairs(paths, alerts) : [];
    showSuggestions(this.input, "host-suggestions", "host-examples", commands, SHOWN);
  }

  /** Adds a command's outcome to the history and says it aloud. */
  record(run: HostRun): void {
    byId("host-history-empty").hidden = true;
    const failed = run.error !== null;
    const item = h(
      "li",
      { class: `host-run${failed ? " is-failed" : ""}` },
      h(
        "p",
        { class: "host-run-head" },
        run.step === null ? "Not sent" : `Step ${run.step}`,
        ": ",
        h("code", {}, `$ ${run.command}`),
        failed ? h("span", { class: "badge badge-failed" }, "refused") : null,
      ),
      failed
        ? h("p", { class: "log-error" }, h("span", { class: "log-error-label" }, "failed action, nothing changed: "), run.error)
        : h("pre", { class: "log", tabindex: 0, "aria-label": `Output of ${run.command}` }, run.output === null || run.output === "" ? "(no output)" : run.output),
    );
    this.history.append(item);
    item.scrollIntoView({ block: "nearest" });
    if (!failed) this.input.value = "";
    announce(failed ? `Host command refused: ${run.error}` : `Host command ran${run.output ? `: ${firstLine(run.output)}` : ", no output"}.`);
  }

  setDisabled(disabled: boolean): void {
    for (const button of this.section.querySelectorAll<HTMLButtonElement>("button")) button.disabled = disabled;
  }
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0]!.slice(0, 200);
}
