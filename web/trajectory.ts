/**
 * Reading what a user pastes or opens in the replay view. Accepted: a trajectory `{scenario_id, actions}` (a
 * /grader request, or GET /state's answer), a list of them, an arena request `{scenario_id, a, b}`, a
 * `breakfix eval` results file (`{agent, episodes: [...]}`, which records scores but no actions), the JSON
 * lines `breakfix eval --jsonl` writes (one episode a line, with its `agent` and every action played), the
 * lines `breakfix export` writes (a generated scenario a line, with its `oracle` trajectory), or the LLM
 * runner's `[START]`/`[STEP]` lines. Several files load as one (mergeLoaded). Pure, so the suite checks each
 * format.
 */
import { fromRunnerLines } from "./runner-lines.js";
import type { ArenaRequest } from "./types.js";

export interface Trajectory {
  label: string;
  scenario_id: string;
  actions: unknown[];
}

/** An episode of an evaluation, shown whether or not it can be replayed. */
export interface ResultRow {
  agent: string;
  scenario_id: string;
  score: number | null;
  steps: number | null;
  solved: boolean | null;
  trajectory: Trajectory | null;
}

export interface Loaded {
  trajectories: Trajectory[];
  /** Set when the input was an arena request: both sides, ready to post. */
  arena: ArenaRequest | null;
  /** Set for evaluation results (a results file or eval's JSON lines): every episode, by agent. */
  results: ResultRow[] | null;
}

export class TrajectoryError extends Error {
  override name = "TrajectoryError";
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * @example parseTrajectoryText('{"scenario_id": "typo_filename", "actions": []}').trajectories[0].scenario_id
 * @throws TrajectoryError naming what is wrong with the input.
 */
export function parseTrajectoryText(text: string): Loaded {
  const trimmed = text.trim();
  if (trimmed === "") throw new TrajectoryError("nothing to load: paste a trajectory or open a file");
  if (/^\[(START|STEP|END)\]/m.test(trimmed)) return { trajectories: fromRunnerLines(trimmed, (m) => new TrajectoryError(m)), arena: null, results: null };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== "");
    // JSON lines: more than one line, each a JSON value of its own.
    if (lines.length > 1 && lines.every((line) => /^\s*\{/.test(line))) return fromJsonLines(lines);
    throw new TrajectoryError(`not JSON (${error instanceof Error ? error.message : String(error)}), nor JSON lines, nor the runner's [STEP] lines`);
  }
  return fromValue(value);
}

/** Several inputs (files opened together) as one: trajectories and results side by side. */
export function mergeLoaded(all: readonly Loaded[]): Loaded {
  if (all.length === 1) return all[0]!;
  const results = all.flatMap((l) => l.results ?? []);
  return {
    trajectories: all.flatMap((l) => l.trajectories),
    arena: null,
    results: all.some((l) => l.results !== null) ? results : null,
  };
}

function fromValue(value: unknown): Loaded {
  if (Array.isArray(value)) {
    const trajectories = value.map((item, i) => trajectoryOf(item, `trajectory ${i + 1}`, `item ${i + 1}`));
    if (trajectories.length === 0) throw new TrajectoryError("the list holds no trajectory");
    return { trajectories, arena: null, results: null };
  }
  if (!isRecord(value)) throw new TrajectoryError("expected a JSON object or list");
  if ("a" in value && "b" in value) {
    const scenario = scenarioOf(value, "the arena request");
    const a = trajectoryOf({ scenario_id: scenario, ...asRecord(value.a, "a") }, "a", "a");
    const b = trajectoryOf({ scenario_id: scenario, ...asRecord(value.b, "b") }, "b", "b");
    return {
      trajectories: [a, b],
      arena: { scenario_id: scenario, a: { label: a.label, actions: a.actions }, b: { label: b.label, actions: b.actions } },
      results: null,
    };
  }
  if (Array.isArray(value.episodes)) {
    const agent = typeof value.agent === "string" ? value.agent : "agent";
    return withResults(value.episodes.map((episode, i) => resultRow(asRecord(episode, `episode ${i + 1}`), agent, `episode ${i + 1}`)));
  }
  const line = lineOf(value, "the object");
  if (line.kind === "result") return withResults([line.row]);
  return { trajectories: [line.trajectory], arena: null, results: null };
}

/** eval --jsonl's episodes, export's scenarios, or plain trajectories, one a line (mixed is fine). */
function fromJsonLines(lines: string[]): Loaded {
  const rows: ResultRow[] = [];
  const trajectories: Trajectory[] = [];
  for (const [i, text] of lines.entries()) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new TrajectoryError(`line ${i + 1} is not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const line = lineOf(asRecord(value, `line ${i + 1}`), `line ${i + 1}`);
    if (line.kind === "result") rows.push(line.row);
    else trajectories.push(line.trajectory);
  }
  if (rows.length === 0) return { trajectories, arena: null, results: null };
  const loaded = withResults(rows);
  return { ...loaded, trajectories: [...loaded.trajectories, ...trajectories] };
}

type Line = { kind: "result"; row: ResultRow } | { kind: "trajectory"; trajectory: Trajectory };

/** One object: an eval episode (it names its agent), an export line (it has an oracle), else a trajectory. */
function lineOf(record: Record<string, unknown>, where: string): Line {
  if (typeof record.agent === "string" && ("score" in record || "turns" in record)) return { kind: "result", row: resultRow(record, record.agent, where) };
  if (Array.isArray(record.oracle) && !("actions" in record)) {
    const scenario = scenarioOf(record, where);
    return { kind: "trajectory", trajectory: { label: `oracle: ${scenario}`, scenario_id: scenario, actions: record.oracle } };
  }
  return { kind: "trajectory", trajectory: trajectoryOf(record, "trajectory", where) };
}

function resultRow(e: Record<string, unknown>, agent: string, where: string): ResultRow {
  const scenario = scenarioOf(e, where);
  const actions = Array.isArray(e.actions) ? e.actions : null;
  return {
    agent,
    scenario_id: scenario,
    score: typeof e.score === "number" ? e.score : null,
    steps: typeof e.steps === "number" ? e.steps : null,
    solved: typeof e.solved === "boolean" ? e.solved : null,
    trajectory: actions === null ? null : { label: `${agent}: ${scenario}`, scenario_id: scenario, actions },
  };
}

function withResults(rows: ResultRow[]): Loaded {
  return { trajectories: rows.flatMap((r) => (r.trajectory ? [r.trajectory] : [])), arena: null, results: rows };
}

function trajectoryOf(value: unknown, fallbackLabel: string, where: string): Trajectory {
  const record = asRecord(value, where);
  const scenario = scenarioOf(record, where);
  if (!Array.isArray(record.actions)) throw new TrajectoryError(`${where} has no "actions" list`);
  const label = typeof record.label === "string" && record.label !== "" ? record.label : fallbackLabel;
  return { label, scenario_id: scenario, actions: record.actions };
}

function scenarioOf(record: Record<string, unknown>, where: string): string {
  if (typeof record.scenario_id !== "string" || record.scenario_id === "") throw new TrajectoryError(`${where} has no "scenario_id"`);
  return record.scenario_id;
}

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (!isRecord(value)) throw new TrajectoryError(`${where} is not a JSON object`);
  return value;
}
