/**
 * POST /arena's answer side by side: the verdict, then each trajectory's breakdown and per-step history, each
 * step with the command or files of the action the request sent (the answer names only the action's type).
 */
import { actionSummary } from "./action-summary.js";
import { renderBreakdown } from "./breakdown.js";
import { fill, h, signed } from "./dom.js";
import type { ArenaRequest, ArenaResult, HistoryEntry } from "./types.js";

export function renderArena(result: ArenaResult, verdict: HTMLElement, sides: HTMLElement, request?: ArenaRequest): void {
  verdict.textContent =
    result.winner === "tie" ? `Tie on ${result.scenario_id}: ${result.reason}.` : `${result.winner_label} wins on ${result.scenario_id}: ${result.reason}.`;
  fill(
    sides,
    ...(["a", "b"] as const).map((side) => {
      const graded = result[side];
      const won = result.winner === side;
      return h(
        "section",
        { class: `arena-side${won ? " is-winner" : ""}`, "aria-label": `${side.toUpperCase()}: ${graded.label}` },
        h("h3", {}, `${side.toUpperCase()}: ${graded.label}`, won ? h("span", { class: "badge" }, "winner") : null),
        h("p", { class: "arena-score" }, `score ${graded.breakdown.score.toFixed(2)} in ${graded.breakdown.steps} step${graded.breakdown.steps === 1 ? "" : "s"}`),
        renderBreakdown(graded.breakdown, `${graded.label}: breakdown`),
        historyTable(graded.history, `${graded.label}: steps`, request?.[side].actions),
      );
    }),
  );
}

const NUMERIC = new Set(["step", "reward", "fixed", "score", "steps"]);

/** A table header row; numeric columns are right-aligned like their cells. */
export function headerRow(columns: readonly string[]): HTMLTableSectionElement {
  return h("thead", {}, h("tr", {}, ...columns.map((c) => h("th", { scope: "col", class: NUMERIC.has(c) ? "num" : undefined }, c))));
}

/** The grader's per-step history; with the actions graded, each step also says what its action did. */
export function historyTable(history: readonly HistoryEntry[], caption: string, actions?: readonly unknown[]): HTMLTableElement {
  return h(
    "table",
    { class: "history" },
    h("caption", {}, caption),
    headerRow(["step", "action", "reward", "fixed", "error"]),
    h(
      "tbody",
      {},
      ...history.map((e) =>
        h(
          "tr",
          { class: e.last_action_error ? "is-failed" : "" },
          h("td", { class: "num" }, String(e.step)),
          h("td", {}, e.action_type, ...detail(actions?.[e.step - 1], e.action_type)),
          h("td", { class: "num" }, signed(e.reward)),
          h("td", { class: "num" }, String(e.issues_fixed)),
          h("td", {}, e.last_action_error ?? ""),
        ),
      ),
    ),
  );
}

/** The action's command or files after its type, when the action at that step is the one the history names. */
function detail(action: unknown, type: string): Array<HTMLElement | string> {
  if ((action as { action_type?: unknown } | null | undefined)?.action_type !== type) return [];
  const summary = actionSummary(action);
  return summary === null ? [] : [" ", h("code", {}, summary)];
}
