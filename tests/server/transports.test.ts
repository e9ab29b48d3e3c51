/**
 * One shared suite of episodes over every transport: REST with episode ids, /ws, OpenEnv-style MCP and
 * standard MCP through the official SDK client. The same actions must give the same observations, rewards
 * and scores whichever way they travel, because every transport is an adapter over the same episode layer; and
 * the state read after each answer (GET /state, a state frame, the get_episode_state tool) is the same too.
 * The suite runs twice: episodes played in the main thread (WORKERS=0) and on worker threads (WORKERS=2).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import type { EpisodeState, StepResult } from "../../contracts/observation.js";
import { servedCatalog } from "../../generator/family.js";
import { loadCatalog } from "../../tasks/catalog.js";
import type { Scenario } from "../../tasks/schema.js";
import { liveServer, type LiveServer } from "./live.js";
import { connect, TRANSPORTS, type TransportName } from "./transport-clients.js";

interface EpisodeCase {
  name: string;
  scenario: Scenario;
  actions: Action[];
}

const SUBMIT: Action = { action_type: "submit" };
const HINT: Action = { action_type: "request_hint" };
/** An edit that cannot apply: it must fail the same way everywhere (last_action_error, -0.02). */
const FAILING_EDIT: Action = { action_type: "replace_line", file_path: "no/such/file", line_number: 1, new_content: "x" };

/**
 * One scenario per task, each played four ways: the solution, an alternative, a wrong fix, and a detour; and
 * a generated scenario, reached by its gen:… id (a worker must find it in its own catalogue).
 */
function cases(): EpisodeCase[] {
  const catalog = loadCatalog();
  const firstOfEachTask = catalog.tasks.map((task) => catalog.scenario(task.scenarios[0]!.scenario_id)!);
  const generated = servedCatalog().generated!.draw({ seed: 5, difficulty: "easy" });
  return [
    ...firstOfEachTask.flatMap((scenario) => [
      { name: `${scenario.id}: solution`, scenario, actions: scenario.solution },
      { name: `${scenario.id}: alternative`, scenario, actions: scenario.alternatives[0]!.actions },
      { name: `${scenario.id}: wrong fix, then submit`, scenario, actions: [...scenario.wrong[0]!.actions, SUBMIT] },
      { name: `${scenario.id}: hint, failed edit, solution`, scenario, actions: [HINT, FAILING_EDIT, ...scenario.solution] },
    ]),
    { name: `${generated.id}: hint, failed edit, solution`, scenario: generated, actions: [HINT, FAILING_EDIT, ...generated.solution] },
  ];
}

/** What one transport made of a case: every answer, and the state after the reset and after every step. */
interface Played {
  results: StepResult[];
  states: EpisodeState[];
}

/** Plays a case, reading the state after each answer; stops once the episode is done. */
async function play(transport: TransportName, server: LiveServer, episode: EpisodeCase, episodeId: string): Promise<Played> {
  const client = await connect(transport, server);
  try {
    const results = [await client.start({ scenario_id: episode.scenario.id, episode_id: episodeId })];
    const states = [await client.state()];
    for (const action of episode.actions) {
      const result = await client.act(action);
      results.push(result);
      states.push(await client.state());
      if (result.done) break;
    }
    return { results, states };
  } finally {
    await client.close();
  }
}

// Once with the engine in the main thread, once on a pool of two worker threads: the same answers either way.
describe.each([0, 2])("the same episodes over every transport (WORKERS=%i)", (workers) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer({ workers });
    await server.app.context.pool.warmUp();
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it.each(cases().map((c, i) => [c.name, c, i] as const))("%s", async (_name, episode, i) => {
    const episodeId = `shared-${i}`;
    const played = new Map<TransportName, Played>();
    for (const transport of TRANSPORTS) played.set(transport, await play(transport, server, episode, episodeId));
    const reference = played.get("rest")!;
    expect(reference.results.length).toBeGreaterThan(1);
    expect(reference.results.at(-1)!.done).toBe(true);
    expect(reference.results.at(-1)!.observation.score).toEqual(expect.any(Number));
    // The state carries the observation each answer had, with OpenEnv's state fields and the history.
    reference.results.forEach((result, i) => {
      expect(reference.states[i]).toMatchObject({ ...result.observation, done: result.done, actions: episode.actions.slice(0, i) });
    });
    for (const transport of TRANSPORTS) {
      expect({ transport, ...played.get(transport) }).toEqual({ transport, ...reference });
    }
    // Every WebSocket and MCP session the case opened is freed by its close (REST episodes wait for expiry).
    expect(server.app.context.sessions.counts.privateSessions).toBe(0);
  });
});
