/**
 * Parallel rollouts over plain HTTP, as an RL trainer drives them: 64 clients each reset without an
 * episode_id and play a whole episode with the id their reset returned, all at once against one real server.
 * Every reset must stay addressable whatever the others do, and every final score must be what /grader's
 * replay of that client's own actions gives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { liveServer, type LiveServer } from "./live.js";

const CLIENTS = 64;
const catalog = loadCatalog();

interface Answer {
  status: number;
  body: any;
}

/** A client's trajectory on its scenario: the solution, with a detour chosen by the client's number. */
function trajectory(client: number, scenarioId: string): Action[] {
  const scenario = catalog.scenario(scenarioId)!;
  const failing: Action = { action_type: "replace_line", file_path: "no/such/file", line_number: 1, new_content: "x" };
  switch (client % 4) {
    case 0:
      return scenario.solution;
    case 1:
      return [{ action_type: "request_hint" }, ...scenario.solution];
    case 2:
      return [failing, ...scenario.solution];
    default:
      return [...scenario.wrong[0]!.actions, { action_type: "submit" }];
  }
}

describe(`${CLIENTS} concurrent HTTP clients, each with the episode its reset returned`, () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("play full episodes without an error, and each final score is its own actions' replay", async () => {
    const errors: string[] = [];
    const request = async (method: string, path: string, body?: unknown): Promise<Answer> => {
      const init: RequestInit = { method, headers: { "content-type": "application/json" } };
      if (body !== undefined) init.body = JSON.stringify(body);
      const response = await fetch(`${server.url}${path}`, init);
      const answer = { status: response.status, body: await response.json() };
      if (response.status !== 200) errors.push(`${method} ${path}: ${response.status} ${JSON.stringify(answer.body)}`);
      return answer;
    };

    // Every client resets before any of them steps: each reset was followed by others that made themselves
    // the default, which is exactly when a returned id must still hold.
    let arrived = 0;
    let release!: () => void;
    const allReset = new Promise<void>((resolve) => (release = resolve));

    const client = async (n: number) => {
      const reset = await request("POST", "/reset", { seed: 1000 + n });
      const first = reset.body.observation;
      if (++arrived === CLIENTS) release();
      await allReset;
      const id: string = first.episode_id;
      const sent = trajectory(n, first.scenario_id);
      let last = reset.body;
      const played: Action[] = [];
      for (const action of sent) {
        if (last.done) break;
        last = (await request("POST", "/step", { episode_id: id, action })).body;
        played.push(action);
        expect(last.observation.episode_id).toBe(id);
      }
      if (!last.done) last = (await request("POST", "/step", { episode_id: id, action: { action_type: "submit" } })).body;
      const state = (await request("GET", `/state?episode_id=${encodeURIComponent(id)}`)).body;
      const graded = (await request("POST", "/grader", { scenario_id: first.scenario_id, actions: state.actions })).body;
      return { id, scenario: first.scenario_id, played, last, state, graded };
    };

    const outcomes = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));

    expect(errors).toEqual([]);
    expect(new Set(outcomes.map((o) => o.id)).size).toBe(CLIENTS);
    // The seeds spread the clients over many scenarios, not one.
    expect(new Set(outcomes.map((o) => o.scenario)).size).toBeGreaterThan(20);
    for (const o of outcomes) {
      expect(o.last.done).toBe(true);
      expect(o.state).toMatchObject({ episode_id: o.id, scenario_id: o.scenario, done: true });
      // The server recorded this client's actions and nobody else's (a final submit when it had to add one).
      expect(o.state.actions.slice(0, o.played.length)).toEqual(o.played);
      expect(o.state.score).toBe(o.last.observation.score);
      expect({ id: o.id, score: o.graded.breakdown.score }).toEqual({ id: o.id, score: o.last.observation.score });
      expect(o.graded.breakdown).toEqual(o.last.observation.score_breakdown);
    }
    expect(server.app.context.sessions.counts.httpEpisodes).toBe(CLIENTS);
  }, 120_000);
});
