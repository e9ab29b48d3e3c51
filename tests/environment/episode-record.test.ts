/**
 * An episode's record (scenario, seed, actions, hints, done) rebuilds the episode exactly, whatever was played;
 * a record that cannot have come from a real episode is refused with a reason, never replayed into nonsense.
 */
import { startJudgedEpisode } from "../../graders/episodes.js";
import { JUDGE } from "../../graders/judge.js";
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { Episode } from "../../environment/episode.js";
import { EpisodeRecordSchema, replayEpisode, ReplayError } from "../../environment/episode-record.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const FAILING: Action = { action_type: "delete_line", file_path: "Dockerfile", line_number: 999 };

describe("replaying an episode's record", () => {
  it.each(catalog.scenarios.map((s) => [s.id]))("%s: mid-episode and finished, the replay has the same state", (id) => {
    const scenario = catalog.scenario(id)!;
    const episode = startJudgedEpisode(catalog, { scenario_id: id }, "rec-1");
    const actions: Action[] = [{ action_type: "request_hint" }, FAILING, ...scenario.solution];
    for (const [i, action] of actions.entries()) {
      if (episode.done) break;
      episode.step(action);
      if (i === 1) expect(replayEpisode(catalog, episode.record(), JUDGE).state()).toEqual(episode.state());
    }
    const record = EpisodeRecordSchema.parse(JSON.parse(JSON.stringify(episode.record())));
    expect(record).toMatchObject({ episode_id: "rec-1", scenario_id: id, seed: null, hints_used: 1, done: episode.done });
    expect(replayEpisode(catalog, record, JUDGE).state()).toEqual(episode.state());
  });

  it("keeps the seed that chose the scenario", () => {
    const episode = startJudgedEpisode(catalog, { task_id: catalog.tasks[3]!.task_id, seed: 77 }, "seeded");
    episode.step({ action_type: "request_hint" });
    const replayed = replayEpisode(catalog, episode.record(), JUDGE);
    expect(replayed.state()).toEqual(episode.state());
    expect(replayed.state().seed).toBe(77);
  });

  it("refuses an unknown scenario, actions after the end, and a record whose replay ends otherwise", () => {
    const scenario = catalog.scenarios[0]!;
    const base = { episode_id: "bad", scenario_id: scenario.id, seed: null, actions: [], hints_used: 0, done: false };
    expect(() => replayEpisode(catalog, { ...base, scenario_id: "nope" }, JUDGE)).toThrow(ReplayError);
    expect(() => replayEpisode(catalog, { ...base, actions: [{ action_type: "submit" }, { action_type: "submit" }], done: true }, JUDGE)).toThrow(/after the episode ended/);
    expect(() => replayEpisode(catalog, { ...base, done: true }, JUDGE)).toThrow(/does not end as recorded/);
    expect(() => replayEpisode(catalog, { ...base, actions: [{ action_type: "request_hint" }] }, JUDGE)).toThrow(/hints 1/);
  });
});
