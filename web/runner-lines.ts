/**
 * The LLM runner's stdout as trajectories: `[START] {...}` / `[STEP] {...}` / `[END] {...}` lines, possibly of
 * several interleaved episodes (told apart by `episode`). A turn without an action (the model's prose) was no
 * step of the episode, so the replay skips it too.
 */
import type { Trajectory } from "./trajectory.js";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `fail` makes the error to throw, so the caller's error type names the problem. */
export function fromRunnerLines(text: string, fail: (message: string) => Error): Trajectory[] {
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
      record = undefined;
    }
    if (!isRecord(record)) throw fail(`line ${i + 1}: the ${match[1]} line does not end in a JSON object`);
    const episode = get(typeof record.episode === "number" ? record.episode : 1);
    if (typeof record.scenario_id === "string") episode.scenario = record.scenario_id;
    if (typeof record.model === "string") episode.model = record.model;
    if (match[1] === "STEP" && isRecord(record.action)) episode.actions.push(record.action);
  }
  const trajectories = [...episodes].map(([n, e]) => {
    if (e.scenario === null) throw fail(`episode ${n} has no [START] or [END] line naming its scenario_id`);
    return { label: `episode ${n}${e.model ? ` (${e.model})` : ""}: ${e.scenario}`, scenario_id: e.scenario, actions: e.actions };
  });
  if (trajectories.length === 0) throw fail("no [START] or [STEP] line holds an episode");
  return trajectories;
}
