/** Counting a fuzz run: answers by label, problems, hangs, latency percentiles. */
import { HANG_MS, type Answer } from "./drive.js";

export interface Tally {
  cases: number;
  answers: number;
  byLabel: Map<string, number>;
  msByLabel: Map<string, number>;
  fiveHundreds: number;
  hangs: number;
  internalActions: number;
  /** Each error a simulator threw, how often, and a case that made it. */
  internalErrors: Map<string, { count: number; example: string }>;
  problems: Map<string, { count: number; example: string }>;
  latencies: number[];
  worst: { ms: number; label: string };
  /** The slowest answers and what was sent, for finding what made them slow. */
  slowest: Array<{ ms: number; label: string; sent: string }>;
}

const SLOWEST_KEPT = 5;

export function newTally(): Tally {
  return { cases: 0, answers: 0, byLabel: new Map(), msByLabel: new Map(), fiveHundreds: 0, hangs: 0, internalActions: 0, internalErrors: new Map(), problems: new Map(), latencies: [], worst: { ms: 0, label: "" }, slowest: [] };
}

/** Adds one case's answers; `sent` describes the case, for the slowest and the simulator errors. */
export function record(tally: Tally, answers: readonly Answer[], sent: () => string = () => ""): void {
  tally.cases++;
  for (const answer of answers) {
    tally.answers++;
    tally.byLabel.set(answer.label, (tally.byLabel.get(answer.label) ?? 0) + 1);
    tally.msByLabel.set(answer.label, (tally.msByLabel.get(answer.label) ?? 0) + answer.ms);
    tally.latencies.push(answer.ms);
    if (answer.ms > tally.worst.ms) tally.worst = { ms: answer.ms, label: answer.label };
    if (tally.slowest.length < SLOWEST_KEPT || answer.ms > tally.slowest.at(-1)!.ms) {
      tally.slowest.push({ ms: answer.ms, label: answer.label, sent: sent().slice(0, 400) });
      tally.slowest.sort((a, b) => b.ms - a.ms);
      tally.slowest.length = Math.min(tally.slowest.length, SLOWEST_KEPT);
    }
    if (answer.ms > HANG_MS) tally.hangs++;
    if (/ 5\d\d$/.test(answer.label)) tally.fiveHundreds++;
    if (answer.internalAction !== undefined) {
      tally.internalActions++;
      const seen = tally.internalErrors.get(answer.internalAction);
      if (seen) seen.count++;
      else tally.internalErrors.set(answer.internalAction, { count: 1, example: sent().slice(0, 6000) });
    }
    if (answer.problem !== null) {
      const kind = answer.problem.replace(/:.*$/s, "");
      const seen = tally.problems.get(kind);
      if (seen) seen.count++;
      else tally.problems.set(kind, { count: 1, example: `${answer.label}: ${answer.problem.slice(0, 300)}` });
    }
  }
}

/** The `p`th percentile (0 to 100) of the latencies, in ms. */
export function percentile(tally: Tally, p: number): number {
  if (tally.latencies.length === 0) return 0;
  const sorted = Float64Array.from(tally.latencies).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A plain-text report of the run. */
export function report(tally: Tally, extra: Record<string, string | number> = {}): string {
  const problems = [...tally.problems].map(([kind, { count, example }]) => `  ${count} × ${kind}\n      e.g. ${example}`);
  const labels = [...tally.byLabel].sort((a, b) => b[1] - a[1]).map(([label, n]) => `  ${String(n).padStart(7)}  ${label}  (mean ${((tally.msByLabel.get(label) ?? 0) / n).toFixed(1)} ms)`);
  return [
    `cases ${tally.cases}, answers ${tally.answers}`,
    ...Object.entries(extra).map(([k, v]) => `${k}: ${v}`),
    `5xx: ${tally.fiveHundreds}`,
    `hangs (over ${HANG_MS} ms): ${tally.hangs}`,
    `actions answered as not checkable (a simulator threw): ${tally.internalActions}`,
    ...[...tally.internalErrors].map(([error, { count, example }]) => `  ${count} × ${error}\n      e.g. ${example}`),
    `latency ms: p50 ${percentile(tally, 50).toFixed(1)}, p99 ${percentile(tally, 99).toFixed(1)}, max ${tally.worst.ms.toFixed(1)} (${tally.worst.label})`,
    `problems: ${problems.length === 0 ? "none" : `\n${problems.join("\n")}`}`,
    "slowest answers:",
    ...tally.slowest.map((a) => `  ${a.ms.toFixed(0)} ms  ${a.label}  ${a.sent}`),
    "answers by kind:",
    ...labels,
  ].join("\n");
}
