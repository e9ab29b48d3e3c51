/**
 * The action log: every request the page sent, as the JSON an agent would send (compact, as it goes on the
 * wire), with what came back
 * (reward, issues fixed, an inspection's output, and a failed action's last_action_error, or the server's refusal).
 */
import { h, signed } from "./dom.js";

export interface LogEntry {
  method: "POST";
  path: string;
  body: unknown;
  /** "Step 2 · edit_file", "Reset", … */
  title: string;
  /** What came back, e.g. "reward +0.30 · issues 1/1 · done". */
  outcome?: string;
  /** A failed action's last_action_error, or the HTTP refusal. */
  error?: string | null;
  /** What the error is: "last_action_error" (the default) or "refused" for an HTTP error. */
  errorLabel?: string;
  /** An inspection's inspect_output, folded under the request. */
  output?: string | null;
}

export class ActionLog {
  constructor(private readonly list: HTMLOListElement) {}

  clear(): void {
    this.list.replaceChildren();
  }

  add(entry: LogEntry): HTMLLIElement {
    const item = h(
      "li",
      { class: `log-entry${entry.error ? " is-failed" : ""}` },
      h("p", { class: "log-title" }, h("strong", {}, entry.title), entry.outcome ? ` · ${entry.outcome}` : ""),
      h("pre", { class: "log-json", tabindex: 0, "aria-label": `${entry.title}: the request sent` }, `${entry.method} /${entry.path}\n${JSON.stringify(entry.body)}`),
      typeof entry.output === "string" ? outputBlock(entry.output) : null,
      entry.error ? h("p", { class: "log-error" }, h("span", { class: "log-error-label" }, `${entry.errorLabel ?? "last_action_error"}: `), entry.error) : null,
    );
    this.list.append(item);
    item.scrollIntoView({ block: "nearest" });
    return item;
  }
}

/** "reward +0.30 · issues 1/1 · done" for a step's answer. */
export function stepOutcome(reward: number | null, issuesFixed: number, issuesTotal: number, done: boolean): string {
  return [`reward ${reward === null ? "—" : signed(reward)}`, `issues ${issuesFixed}/${issuesTotal}`, done ? "done" : ""].filter(Boolean).join(" · ");
}

function outputBlock(output: string): HTMLElement {
  const lines = output === "" ? 0 : output.replace(/\n$/, "").split("\n").length;
  return h("details", { class: "log-output" }, h("summary", {}, `inspect_output (${lines} line${lines === 1 ? "" : "s"})`), h("pre", { class: "log" }, output));
}
