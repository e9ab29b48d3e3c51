/**
 * Does a generated scenario state its own answers? Issue 14's rule: the facts a fix needs are found in the
 * repository's code, configs and logs as an engineer finds them, never stated as the fix. This audit plays a
 * scenario as an agent meets it (the instructions, the error log at reset and after each step of the
 * reference repair, each hint as request_hint gives it) and looks in that text for the values each fault's
 * own repair writes that the text it replaces lacks (a port, a file name, a stage, a version). A value found
 * there is a hit; whether a hit is a leak or what the real tool prints is a judgement the caller makes (the
 * test keeps a short, commented list of the faithful ones).
 */
import type { Action } from "../contracts/actions.js";
import { startJudgedEpisode } from "../graders/episodes.js";
import type { Injection } from "../tasks/generator/injector.js";
import type { Catalog } from "../tasks/catalog.js";
import type { Scenario } from "../tasks/schema.js";
import { catalogOf } from "./catalog.js";

/** A fault as the audit needs it: its kind and its own repair (a delivery or a host injection). */
export type Fault = Pick<Injection, "kind" | "repair">;

/** Where the agent read a value: the task's instructions, an error log (at reset or later), a hint. */
export type Place = "instructions" | "start log" | "later log" | "hint" | "inspect";

export interface AnswerHit {
  kind: string;
  issue: string;
  value: string;
  place: Place;
  /** The line of the text that holds the value, for reading the hit. */
  line: string;
}

// Values a repair writes that are words of any log or hint, not answers (a YAML key, a keyword).
const COMMON = new Set(
  "systemctl start stop restart reload daemon-reload enable disable chmod chown truncate kill pkill netfilter-persistent save iptables-restore http https the and for with from run uses name image true false null yes no build push write read true apiVersion kind metadata spec containers container port ports env value name COPY FROM RUN CMD WORKDIR ENTRYPOINT USER EXPOSE ARG ENV ADD AS".split(" "),
);

/** The value-like tokens of a text: names, numbers, paths, references (`app.py`, `8080`, `ghcr.io/acme/api`). */
export function tokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z0-9_$][A-Za-z0-9_.\-/:@$]*/g)) {
    const whole = m[0].replace(/[.:/\-]+$/, "");
    for (const t of [whole, ...whole.split(/[/:@=]/)]) if (valueLike(t)) out.add(t);
  }
  return out;
}

function valueLike(t: string): boolean {
  if (COMMON.has(t)) return false;
  if (/^\d+$/.test(t)) return t.length >= 2;
  return t.length >= 3 && /[A-Za-z]/.test(t);
}

/** What an action writes into each file, and what it takes away, as text. */
function written(action: Action, files: Record<string, { content: string }>): { file: string; added: string; removed: string }[] {
  switch (action.action_type) {
    case "edit_file":
      return action.edits.map((e) => ({ file: e.file_path, added: e.new_content, removed: e.old_content }));
    case "replace_line":
      return [{ file: action.file_path, added: action.new_content, removed: files[action.file_path]?.content.split("\n")[action.line_number - 1] ?? "" }];
    case "add_line":
    case "add_block":
      return [{ file: action.file_path, added: action.content, removed: "" }];
    case "apply_patch":
      return patchFiles(action.patch);
    case "host":
      return [{ file: "", added: action.command, removed: "" }];
    default:
      return [];
  }
}

/** A unified diff's added and removed lines, by the file they change. */
function patchFiles(patch: string): { file: string; added: string; removed: string }[] {
  const out: { file: string; added: string[]; removed: string[] }[] = [];
  for (const line of patch.split("\n")) {
    const target = /^\+\+\+ (?:b\/)?(.+)$/.exec(line);
    if (target) out.push({ file: target[1]!, added: [], removed: [] });
    else if (line.startsWith("---")) continue;
    else if (line.startsWith("+")) out.at(-1)?.added.push(line.slice(1));
    else if (line.startsWith("-")) out.at(-1)?.removed.push(line.slice(1));
  }
  return out.map((f) => ({ file: f.file, added: f.added.join("\n"), removed: f.removed.join("\n") }));
}

/**
 * The values a fault's repair writes that the file it writes lacks at the start: the answer, which the agent
 * must find elsewhere (the app's code, a listing, the registry). A value the broken file already holds (the
 * app's name in its own manifest) is found there, and tells nothing.
 */
export function answerValues(injection: Fault, files: Record<string, { content: string }>): string[] {
  const out = new Set<string>();
  // A host command names what it acts on (a unit, a file the alert or a listing names) and what it sets (a
  // mode, an owner, a process, an address): only the latter is an answer.
  const onHost = injection.repair.some((a) => a.action_type === "host") ? tokens(Object.keys(files).flatMap(pathsOf).join("\n")) : new Set<string>();
  for (const action of injection.repair)
    for (const { file, added, removed } of written(action, files)) {
      const present = new Set([...tokens(removed), ...tokens(files[file]?.content ?? ""), ...(action.action_type === "host" ? onHost : [])]);
      for (const t of tokens(added)) if (!present.has(t)) out.add(t);
    }
  return [...out];
}

/** A host file's path, its directories' and, for a unit file, the unit's name: what a host command may name. */
function pathsOf(file: string): string[] {
  const parts = file.split("/");
  return [file.replace(/\.(service|socket|timer)$/, ""), ...parts.slice(0, -1).map((_, n) => `/${parts.slice(0, n + 1).join("/")}`)].map((p) => (p.startsWith("/") ? p : `/${p}`));
}

/** A text the agent reads, and how many steps of the reference repair stood before it. */
export interface AgentText {
  place: Place;
  text: string;
  after: number;
}

/** Every text the agent reads on the way through the scenario, by place. */
export function agentTexts(scenario: Scenario, inspections: readonly string[] = [], catalog: Catalog = catalogOf(scenario)): AgentText[] {
  const episode = startJudgedEpisode(catalog, { scenario_id: scenario.id }, "answer-audit");
  const start = episode.observe().observation;
  const texts: AgentText[] = [{ place: "instructions", text: start.instructions, after: 0 }];
  if (start.error_message) texts.push({ place: "start log", text: start.error_message, after: 0 });
  for (const command of inspections) {
    const output = episode.step({ action_type: "inspect", command }).observation.inspect_output;
    if (output) texts.push({ place: "inspect", text: `$ ${command}\n${output}`, after: 0 });
  }
  const first = episode.step({ action_type: "request_hint" }).observation.hint;
  if (first) texts.push({ place: "hint", text: first, after: 0 });
  let fixed = 0;
  scenario.solution.forEach((action, n) => {
    if (action.action_type === "submit") return;
    const observation = episode.step(action).observation;
    if (observation.error_message) texts.push({ place: "later log", text: observation.error_message, after: n + 1 });
    if (observation.issues_fixed !== fixed && observation.issues_fixed < observation.issues_total) {
      fixed = observation.issues_fixed;
      const hinted = episode.step({ action_type: "request_hint" }).observation;
      if (hinted.hint) texts.push({ place: "hint", text: hinted.hint, after: n + 1 });
    }
  });
  // request_hint shows the first unfixed issue's; one the walk repaired before its turn is shown all the same.
  for (const issue of scenario.issues) texts.push({ place: "hint", text: issue.hint, after: 0 });
  return texts;
}

function occurrence(text: string, value: string): string | null {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // A value inside a longer name is not that value: `nonroot` in `nonroot-slim`, `cart` in `cart-secrets`.
  const m = new RegExp(`(?<![A-Za-z0-9_]|[A-Za-z0-9][-.])${escaped}(?![A-Za-z0-9_]|[-.][A-Za-z0-9])`).exec(text);
  if (!m) return null;
  const start = text.lastIndexOf("\n", m.index) + 1;
  const end = text.indexOf("\n", m.index);
  return text.slice(start, end < 0 ? undefined : end).trim().slice(0, 240);
}

/** The hits of one generated scenario: each fault's answer values found in what the agent reads. */
export function auditAnswers(scenario: Scenario, injections: readonly Fault[], inspections: readonly string[] = [], catalog?: Catalog): AnswerHit[] {
  const files = scenario.files as Record<string, { content: string }>;
  const texts = agentTexts(scenario, inspections, catalog);
  const hits: AnswerHit[] = [];
  injections.forEach((injection, n) => {
    const issue = scenario.issues[n]?.id ?? scenario.id;
    // A log read once this fault's repair has begun shows the repaired files: what it says then is no hint.
    const repairs = new Set(injection.repair.map((a) => JSON.stringify(a)));
    const begun = scenario.solution.findIndex((a) => repairs.has(JSON.stringify(a)));
    for (const value of answerValues(injection, files)) {
      const seen = new Set<Place>();
      for (const { place, text, after } of texts) {
        if (seen.has(place) || (place === "later log" && begun >= 0 && after > begun)) continue;
        const line = occurrence(text, value);
        if (line === null) continue;
        seen.add(place);
        hits.push({ kind: injection.kind, issue, value, place, line });
      }
    }
  });
  return hits;
}
