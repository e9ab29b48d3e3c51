/**
 * Reading what a user pastes into the replay view. Accepted: a trajectory `{scenario_id, actions}` (a
 * /grader request, or GET /state's answer), a list of them, an arena request `{scenario_id, a, b}`, a
 * `breakfix eval` results file (`{agent, episodes: [...]}`; an episode is replayable when it carries its
 * `actions`), or the LLM runner's `[START]`/`[STEP]` lines. Pure, so the suite checks each format.
 */
import type { ArenaRequest } from "./types.js";

export interface Trajectory {
  label: string;
  scenario_id: string;
  actions: unknown[];
}

/** An eval results row, shown whether or not it can be replayed. */
export interface ResultRow {
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
  /** Set for an eval results file. */
  results: { agent: string; rows: ResultRow[] } | null;
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
  if (/^\[(START|STEP|END)\]/m.test(trimmed)) return fromRunnerLines(trimmed);
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    throw new TrajectoryError(`not JSON (${error instanceof Error ? error.message : String(error)}), nor the runner's [STEP] lines`);
  }
  return fromValue(value);
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
  if (Array.isArray(value.episodes)) return fromResults(value);
  return { trajectories: [trajectoryOf(value, "trajectory", "the object")], arena: null, results: null };
}

function fromResults(value: Record<string, unknown>): Loaded {
  const agent = typeof value.agent === "string" ? value.agent : "agent";
  const rows: ResultRow[] = (value.episodes as unknown[]).map((episode, i) => {
    const e = asRecord(episode, `episode ${i + 1}`);
    const scenario = scenarioOf(e, `episode ${i + 1}`);
    const actions = Array.isArray(e.actions) ? e.actions : null;
    return {
      scenario_id: scenario,
      score: typeof e.score === "number" ? e.score : null,
      steps: typeof e.steps === "number" ? e.steps : null,
      solved: typeof e.solved === "boolean" ? e.solved : null,
      trajectory: actions === null ? null : { label: `${agent}: ${scenario}`, scenario_id: scenario, actions },
    };
  });
  return { trajectories: rows.flatMap((r) => (r.trajectory ? [r.trajectory] : [])), arena: null, results: { agent, rows } };
}

/** `[START] {...}` / `[STEP] {...}` lines, possibly of several interleaved episodes (told apart by `episode`). */
function fromRunnerLines(text: string): Loaded {
  const episodes = new Map<number, { scenario: string | null; model: string | null; actions: unknown[] }>();
  const get = (n: number) => {
    let episode = episodes.get(n);
    if (episode === undefined) {
      episode = { scenario: null, model: null, actions: [] };
      episodes.set(n, episode);
    }
    return episode;
  };
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    const match = /^\[(START|STEP|END)\]\s+(.*)$/.exec(line.trim());
    if (match === null) continue;
    let record: unknown;
    try {
      record = JSON.parse(match[2]!);
    } catch {
      throw new TrajectoryError(`line ${i + 1}: the ${match[1]} line does not end in a JSON object`);
    }
    if (!isRecord(record)) throw new TrajectoryError(`line ${i + 1}: the ${match[1]} line does not end in a JSON object`);
    const episode = get(typeof record.episode === "number" ? record.episode : 1);
    if (typeof record.scenario_id === "string") episode.scenario = record.scenario_id;
    if (typeof record.model === "string") episode.model = record.model;
    // A turn without an action (the model's prose) was no step of the episode; the replay skips it too.
    if (match[1] === "STEP" && isRecord(record.action)) episode.actions.push(record.action);
  }
  const trajectories = [...episodes].map(([n, e]) => {
    if (e.scenario === null) throw new TrajectoryError(`episode ${n} has no [START] or [END] line naming its scenario_id`);
    return { label: `episode ${n}${e.model ? ` (${e.model})` : ""}: ${e.scenario}`, scenario_id: e.scenario, actions: e.actions };
  });
  if (trajectories.length === 0) throw new TrajectoryError("no [START] or [STEP] line holds an episode");
  return { trajectories, arena: null, results: null };
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
