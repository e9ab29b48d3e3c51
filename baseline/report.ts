/**
 * Benchmark summaries: per-task means and an overall line, as JSON and as a Markdown table a paper can
 * include. Pure functions of episode results.
 */
import type { EpisodeResult } from "./play.js";

/** One row of the table: a task, or the overall line. */
export interface SummaryRow {
  task_id: string;
  difficulty: string;
  episodes: number;
  mean_score: number;
  /** Share of episodes that ended solved (every issue fixed, the pipeline green). */
  solve_rate: number;
  mean_steps: number;
  mean_hints: number;
  issues_fixed: number;
  issues_total: number;
}

/** A whole evaluation: who played, per-episode results, per-task rows and the overall row. */
export interface EvaluationReport {
  agent: string;
  /** Set for agents that read hidden scenario data (the oracle): the table footnotes it. */
  reads_hidden_data: boolean;
  episodes: Array<Omit<EpisodeResult, "breakdown" | "rewards" | "episode_id">>;
  tasks: SummaryRow[];
  overall: SummaryRow;
}

const round = (x: number, places = 3): number => Math.round(x * 10 ** places) / 10 ** places;
const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

function row(task_id: string, difficulty: string, results: readonly EpisodeResult[]): SummaryRow {
  return {
    task_id,
    difficulty,
    episodes: results.length,
    mean_score: round(mean(results.map((r) => r.score))),
    solve_rate: round(mean(results.map((r) => (r.solved ? 1 : 0)))),
    mean_steps: round(mean(results.map((r) => r.steps)), 2),
    mean_hints: round(mean(results.map((r) => r.hints_used)), 2),
    issues_fixed: results.reduce((n, r) => n + r.issues_fixed, 0),
    issues_total: results.reduce((n, r) => n + r.issues_total, 0),
  };
}

const LEVELS = ["easy", "medium", "medium-hard", "hard", "expert"];

/** A task's difficulty: its scenarios', or their range when they differ (the host track's run easy to expert). */
function difficultyOf(results: readonly EpisodeResult[]): string {
  const levels = [...new Set(results.map((r) => r.difficulty))].sort((a, b) => LEVELS.indexOf(a) - LEVELS.indexOf(b));
  return levels.length <= 1 ? levels[0] ?? "" : `${levels[0]} to ${levels.at(-1)}`;
}

/**
 * Groups results by task (in the order tasks first appear) and adds the overall row.
 * @example summarise("baseline", results, false).overall.mean_score
 */
export function summarise(agent: string, results: readonly EpisodeResult[], readsHiddenData: boolean): EvaluationReport {
  const byTask = new Map<string, EpisodeResult[]>();
  for (const r of results) byTask.set(r.task_id, [...(byTask.get(r.task_id) ?? []), r]);
  return {
    agent,
    reads_hidden_data: readsHiddenData,
    episodes: results.map(({ breakdown: _b, rewards: _r, episode_id: _e, ...rest }) => rest),
    tasks: [...byTask.entries()].map(([task, rs]) => row(task, difficultyOf(rs), rs)),
    overall: row("overall", "", results),
  };
}

/** The per-task table in Markdown, with a footnote for agents that read hidden data. */
export function markdownTable(report: EvaluationReport): string {
  const lines = [
    `| task | difficulty | episodes | mean score | solve rate | mean steps | hints | issues fixed |`,
    `|---|---|---:|---:|---:|---:|---:|---:|`,
  ];
  const fmt = (r: SummaryRow, bold: boolean): string => {
    const b = (s: string) => (bold ? `**${s}**` : s);
    return `| ${b(r.task_id)} | ${r.difficulty} | ${r.episodes} | ${b(r.mean_score.toFixed(3))} | ${(r.solve_rate * 100).toFixed(0)}% | ${r.mean_steps.toFixed(2)} | ${r.mean_hints.toFixed(2)} | ${r.issues_fixed}/${r.issues_total} |`;
  };
  for (const r of report.tasks) lines.push(fmt(r, false));
  lines.push(fmt(report.overall, true));
  const agent = report.reads_hidden_data ? `${report.agent}¹` : report.agent;
  const note = report.reads_hidden_data ? "\n\n¹ replays each scenario's reference solution, which agents never see: an upper reference, not an agent.\n" : "\n";
  return `Agent: **${agent}**\n\n${lines.join("\n")}${note}`;
}

/** The per-scenario and per-task results as aligned plain text, for a terminal. */
export function textTable(report: EvaluationReport): string {
  const width = Math.max(8, ...report.episodes.map((e) => e.scenario_id.length));
  const out = [`${"scenario".padEnd(width)}  ${"task".padEnd(28)}  score  steps  fixed`];
  for (const e of report.episodes) {
    out.push(`${e.scenario_id.padEnd(width)}  ${e.task_id.padEnd(28)}  ${e.score.toFixed(2).padStart(5)}  ${String(e.steps).padStart(5)}  ${`${e.issues_fixed}/${e.issues_total}`.padStart(5)}`);
  }
  out.push("", `${"task".padEnd(28)}  ${"difficulty".padEnd(11)}  mean   solved`);
  for (const r of [...report.tasks, report.overall]) {
    out.push(`${r.task_id.padEnd(28)}  ${r.difficulty.padEnd(11)}  ${r.mean_score.toFixed(3)}  ${(r.solve_rate * 100).toFixed(0).padStart(5)}%`);
  }
  return `${out.join("\n")}\n`;
}

/**
 * Several agents side by side, one row per task: each agent's mean score and solve rate. Agents that read
 * hidden data are footnoted.
 */
export function comparisonTable(reports: readonly EvaluationReport[]): string {
  const name = (r: EvaluationReport) => (r.reads_hidden_data ? `${r.agent}¹` : r.agent);
  const head = `| task | difficulty | scenarios | ${reports.map((r) => `${name(r)} score | ${name(r)} solved`).join(" | ")} |`;
  const rule = `|---|---|---:|${reports.map(() => "---:|---:").join("|")}|`;
  const first = reports[0];
  if (first === undefined) return "";
  const cells = (task: string) =>
    reports
      .map((r) => (task === "overall" ? r.overall : r.tasks.find((t) => t.task_id === task)))
      .map((t) => (t === undefined ? " | " : `${t.mean_score.toFixed(3)} | ${(t.solve_rate * 100).toFixed(0)}%`))
      .join(" | ");
  const rows = first.tasks.map((t) => `| ${t.task_id} | ${t.difficulty} | ${t.episodes} | ${cells(t.task_id)} |`);
  rows.push(`| **overall** | | ${first.overall.episodes} | ${cells("overall")} |`);
  const note = reports.some((r) => r.reads_hidden_data) ? "\n\n¹ replays each scenario's reference solution, which agents never see: an upper reference, not an agent.\n" : "\n";
  return `${[head, rule, ...rows].join("\n")}${note}`;
}
