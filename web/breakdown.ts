/** The grader's score breakdown as a table a learner can read: each term of the formula and its inputs. */
import { h, signed } from "./dom.js";
import type { ScoreBreakdown } from "./types.js";

const TERMS: Array<[keyof ScoreBreakdown["components"], string]> = [
  ["base", "base"],
  ["partial", "issues fixed (f)"],
  ["complete_bonus", "all fixed"],
  ["efficiency", "efficiency (f·e)"],
  ["hint_penalty", "hints"],
  ["failed_penalty", "failed actions"],
];

/** A <section>-ready block: the score, the terms, the inputs and any violations. */
export function renderBreakdown(breakdown: ScoreBreakdown, caption = "Score breakdown"): HTMLElement {
  const rows = TERMS.map(([key, label]) =>
    h("tr", { "data-term": key }, h("th", { scope: "row" }, label), h("td", { class: "num" }, signed(breakdown.components[key], 2))),
  );
  const table = h(
    "table",
    { class: "breakdown" },
    h("caption", {}, caption),
    h("tbody", {}, ...rows),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "score"), h("td", { class: "num score-cell" }, breakdown.score.toFixed(2)))),
  );
  const facts = h(
    "dl",
    { class: "facts" },
    ...fact("issues fixed", `${breakdown.issues_fixed} / ${breakdown.issues_total}`),
    ...fact("solved", breakdown.solved ? "yes" : "no"),
    ...fact("steps", `${breakdown.steps} (optimal ${breakdown.optimal_steps}, max ${breakdown.max_steps})`),
    ...fact("inspections", `${breakdown.inspections} (steps, but not counted in e)`),
    ...fact("efficiency e", breakdown.efficiency.toFixed(2)),
    ...fact("hints used", String(breakdown.hints_used)),
    ...fact("failed actions", String(breakdown.failed_actions)),
  );
  const violations =
    breakdown.violations.length === 0
      ? null
      : h("div", { class: "violations" }, h("p", {}, "Why fixes did not count:"), h("ul", {}, ...breakdown.violations.map((v) => h("li", {}, v.message))));
  return h("div", { class: "breakdown-block" }, table, facts, violations);
}

function fact(term: string, value: string): HTMLElement[] {
  return [h("dt", {}, term), h("dd", {}, value)];
}
