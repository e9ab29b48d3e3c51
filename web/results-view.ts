/**
 * Evaluation results in the replay view: one row per scenario, one column per agent (several results files
 * opened together sit side by side), each episode's score, steps and a button that replays it; with two agents
 * or more, a row's "Compare" button sends both episodes to the arena. A filter narrows long runs (eval over
 * thousands of seeds); at most MAX_ROWS rows are drawn at once, and the table says so.
 */
import { headerRow } from "./arena.js";
import { fill, h } from "./dom.js";
import type { ResultRow, Trajectory } from "./trajectory.js";

export const MAX_ROWS = 200;

export interface ResultsHandlers {
  replay(trajectory: Trajectory): void;
  compare(a: Trajectory, b: Trajectory): void;
  /** Says why a comparison cannot be made. */
  refuse(message: string): void;
}

interface Line {
  scenario_id: string;
  cells: Map<string, ResultRow>;
}

export function renderResults(rows: readonly ResultRow[], handlers: ResultsHandlers): HTMLElement {
  const agents = [...new Set(rows.map((r) => r.agent))];
  const lines = linesOf(rows);
  const summary = h("ul", { class: "results-summary" }, ...agents.map((agent) => h("li", {}, agentSummary(agent, rows.filter((r) => r.agent === agent)))));
  const replayable = rows.some((r) => r.trajectory !== null);
  const notice = replayable
    ? null
    : h("p", { class: "notice" }, "These results record each episode's score and steps but not its actions, so there is nothing to step through. `breakfix eval --jsonl` writes every action played.");

  const pick = (id: string, label: string, initial: number) => {
    const element = h("select", { id }, ...agents.map((a) => h("option", { value: a }, a)));
    element.value = agents[Math.min(initial, agents.length - 1)] ?? "";
    return { element, field: h("label", { class: "field" }, label, element) };
  };
  const a = pick("compare-a", "A", 0);
  const b = pick("compare-b", "B", 1);
  const filter = h("input", { id: "results-filter", type: "search", autocomplete: "off", spellcheck: "false", placeholder: "typo_filename, gen:test:hard" });
  const body = h("tbody");
  const shown = h("p", { class: "muted small-print", "aria-live": "polite" });
  const compareBar =
    agents.length >= 2 ? h("div", { class: "compare-form" }, h("span", {}, "Compare in the arena:"), a.field, b.field) : null;

  const draw = () => {
    const wanted = filter.value.trim().toLowerCase();
    const matching = lines.filter((l) => wanted === "" || l.scenario_id.toLowerCase().includes(wanted));
    fill(body, ...matching.slice(0, MAX_ROWS).map((line) => rowOf(line, agents, handlers, () => [a.element.value, b.element.value])));
    shown.textContent =
      matching.length > MAX_ROWS ? `Showing the first ${MAX_ROWS} of ${matching.length} scenarios; narrow them with the filter.` : `${matching.length} of ${lines.length} scenarios.`;
  };
  filter.addEventListener("input", draw);
  draw();

  return h(
    "section",
    { class: "results", "aria-labelledby": "results-heading" },
    h("h2", { id: "results-heading" }, agents.length === 1 ? `Results: ${agents[0]}` : `Results: ${agents.join(" vs ")}`),
    summary,
    notice,
    compareBar,
    h("label", { class: "field" }, "Filter scenarios", filter),
    shown,
    h(
      "div",
      { class: "table-scroll" },
      h("table", { class: "history results-table" }, h("caption", { class: "visually-hidden" }, "Episodes by scenario and agent"), headerRow(["scenario", ...agents, ...(agents.length >= 2 ? ["arena"] : [])]), body),
    ),
  );
}

/** Rows keyed by scenario; an agent's second episode on one scenario gets a row of its own. */
function linesOf(rows: readonly ResultRow[]): Line[] {
  const lines: Line[] = [];
  const byKey = new Map<string, Line>();
  const seen = new Map<string, number>();
  for (const row of rows) {
    const n = seen.get(`${row.agent}\n${row.scenario_id}`) ?? 0;
    seen.set(`${row.agent}\n${row.scenario_id}`, n + 1);
    const key = `${row.scenario_id}\n${n}`;
    let line = byKey.get(key);
    if (line === undefined) {
      line = { scenario_id: row.scenario_id, cells: new Map() };
      byKey.set(key, line);
      lines.push(line);
    }
    line.cells.set(row.agent, row);
  }
  return lines;
}

function rowOf(line: Line, agents: readonly string[], handlers: ResultsHandlers, chosen: () => [string, string]): HTMLTableRowElement {
  const cells = agents.map((agent) => {
    const row = line.cells.get(agent);
    if (row === undefined) return h("td", { class: "muted" }, "—");
    return h(
      "td",
      { "data-agent": agent },
      h("span", { class: "num" }, row.score === null ? "—" : row.score.toFixed(2)),
      row.steps === null ? "" : ` in ${row.steps} step${row.steps === 1 ? "" : "s"}`,
      row.solved === true ? " · solved" : row.solved === false ? " · not solved" : "",
      " ",
      row.trajectory
        ? h("button", { type: "button", class: "small", onclick: () => handlers.replay(row.trajectory!) }, "Replay", h("span", { class: "visually-hidden" }, ` ${agent} on ${line.scenario_id}`))
        : null,
    );
  });
  const compare =
    agents.length < 2
      ? null
      : h(
          "td",
          {},
          h(
            "button",
            {
              type: "button",
              class: "small",
              onclick: () => {
                const [first, second] = chosen();
                const ta = line.cells.get(first)?.trajectory;
                const tb = line.cells.get(second)?.trajectory;
                if (first === second) handlers.refuse(`choose two different agents to compare (both are ${first})`);
                else if (!ta || !tb) handlers.refuse(`${!ta ? first : second} has no recorded actions on ${line.scenario_id}`);
                else handlers.compare({ ...ta, label: first }, { ...tb, label: second });
              },
              disabled: agents.filter((a) => line.cells.get(a)?.trajectory).length < 2,
            },
            "Compare",
            h("span", { class: "visually-hidden" }, ` on ${line.scenario_id}`),
          ),
        );
  return h("tr", { "data-scenario": line.scenario_id }, h("th", { scope: "row" }, h("code", {}, line.scenario_id)), ...cells, compare);
}

function agentSummary(agent: string, rows: readonly ResultRow[]): string {
  const scored = rows.flatMap((r) => (r.score === null ? [] : [r.score]));
  const mean = scored.length === 0 ? "—" : (scored.reduce((s, x) => s + x, 0) / scored.length).toFixed(2);
  const solved = rows.filter((r) => r.solved === true).length;
  const withActions = rows.filter((r) => r.trajectory !== null).length;
  return `${agent}: ${rows.length} episode${rows.length === 1 ? "" : "s"}, mean score ${mean}, ${solved} solved, ${withActions} with their actions`;
}
