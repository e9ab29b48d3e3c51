/**
 * The inspection box: a command line in, the simulation's answer out (BuildKit's log, `gh run view`,
 * `kubectl get pods`, …), sent as an `inspect` action, so it is a step like any other; the suggested commands
 * follow the repository's files (inspect-commands.ts). Picking a suggestion only fills the box: running it is the user's choice, since it costs a step.
 */
import { byId, fill, h } from "./dom.js";
import { hostInspections } from "./host-commands.js";
import { suggestedCommands } from "./inspect-commands.js";
import { showSuggestions } from "./suggestions.js";

/** How many suggestions show as buttons; the rest are in the input's list. */
const SHOWN = 4;

export class InspectBox {
  private readonly input = byId<HTMLInputElement>("inspect-command");
  private readonly output = byId("inspect-output");
  private readonly caption = byId("inspect-caption");

  /** `run` sends the inspection; it resolves once the answer is shown. */
  constructor(run: (command: string) => void) {
    byId<HTMLFormElement>("inspect-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const command = this.input.value.trim();
      if (command !== "") run(command);
    });
  }

  /** A new episode: no output yet, suggestions for its files (a host's own commands on a host). */
  reset(paths: readonly string[], host = false): void {
    this.output.hidden = true;
    this.caption.hidden = true;
    this.input.placeholder = host ? "systemctl --failed" : "docker build .";
    byId("inspect-help").textContent = host
      ? "A read-only look at the host, as root in /: its services, journal, sockets, disks, processes and firewall; it counts as a step (not against efficiency)."
      : "A read-only look at the repository, build, CI run or cluster, answered as the real tool answers; it counts as a step (not against efficiency).";
    const commands = host ? hostInspections(paths) : suggestedCommands(paths);
    showSuggestions(this.input, "inspect-suggestions", "inspect-examples", commands, SHOWN);
  }

  /** What the inspection printed (or why the simulation refused it, which is output too, not a failure). */
  show(command: string, step: number, output: string | null): void {
    this.caption.hidden = false;
    fill(this.caption, "Step ", String(step), ": ", h("code", {}, `$ ${command}`));
    this.output.hidden = false;
    this.output.textContent = output ?? "(the server sent no inspect_output)";
    this.output.scrollTop = 0;
    // The box sits low in the side panel at desktop sizes: bring the answer into view.
    this.output.scrollIntoView({ block: "nearest" });
  }

  setDisabled(disabled: boolean): void {
    for (const button of byId("inspect-section").querySelectorAll<HTMLButtonElement>("button")) button.disabled = disabled;
  }
}
