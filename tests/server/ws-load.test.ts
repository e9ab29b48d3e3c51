/**
 * 200 WebSocket sessions open at once, each playing its own scenario with steps interleaved across all of
 * them: every answer must be that session's own episode, identical to the same actions played on the engine
 * directly. Cross-talk (an answer for another socket, a file edited in the wrong episode) would break it.
 */
import { startJudgedEpisode } from "../../graders/episodes.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { Episode } from "../../environment/episode.js";
import type { StepResult } from "../../contracts/observation.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { liveServer, openSocket, type FrameSocket, type LiveServer } from "./live.js";

const SESSIONS = 200;
const catalog = loadCatalog();

interface Player {
  socket: FrameSocket;
  episodeId: string;
  scenarioId: string;
  actions: Action[];
  answers: StepResult[];
}

/** Each session's actions: its scenario's solution, with a hint first for every third one so trajectories differ. */
function plan(i: number): { scenarioId: string; actions: Action[] } {
  const scenario = catalog.scenarios[i % catalog.scenarios.length]!;
  const actions: Action[] = i % 3 === 0 ? [{ action_type: "request_hint" }, ...scenario.solution] : [...scenario.solution];
  return { scenarioId: scenario.id, actions };
}

/** The answers the engine itself gives for the same reset and actions. */
function reference(player: Player): StepResult[] {
  const episode = startJudgedEpisode(catalog, { scenario_id: player.scenarioId, episode_id: player.episodeId }, player.episodeId);
  const results = [episode.observe()];
  for (const action of player.actions) {
    if (episode.done) break;
    results.push(episode.step(action));
  }
  return results;
}

describe(`${SESSIONS} concurrent WebSocket sessions`, () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer({ maxSessions: SESSIONS });
  });
  afterAll(async () => {
    await server.close();
  });

  it("play different scenarios at once with no cross-talk", { timeout: 120_000 }, async () => {
    const started = performance.now();
    const sockets = await Promise.all(Array.from({ length: SESSIONS }, () => openSocket(server, "", 60_000)));
    expect(server.app.context.sessions.counts.privateSessions).toBe(SESSIONS);
    const players: Player[] = sockets.map((socket, i) => ({ socket, episodeId: `load-${i}`, ...plan(i), answers: [] }));

    // All resets at once, then round after round of one step per unfinished session, all in flight together.
    const resets = await Promise.all(players.map((p) => p.socket.ask({ type: "reset", data: { scenario_id: p.scenarioId, episode_id: p.episodeId } })));
    resets.forEach((frame, i) => players[i]!.answers.push(frame.data));
    for (let round = 0; players.some((p) => round < p.actions.length && !p.answers.at(-1)!.done); round++) {
      const active = players.filter((p) => round < p.actions.length && !p.answers.at(-1)!.done);
      const frames = await Promise.all(active.map((p) => p.socket.ask({ type: "step", data: p.actions[round] })));
      frames.forEach((frame, i) => {
        expect(frame.type).toBe("observation");
        active[i]!.answers.push(frame.data);
      });
    }
    const elapsed = performance.now() - started;

    for (const player of players) {
      for (const answer of player.answers) {
        expect(answer.observation.episode_id).toBe(player.episodeId);
        expect(answer.observation.scenario_id).toBe(player.scenarioId);
      }
      // Through JSON, as the wire carries it (the grader's -0 penalties arrive as 0).
      expect(player.answers).toEqual(JSON.parse(JSON.stringify(reference(player))));
      expect(player.answers.at(-1)!.done).toBe(true);
    }
    const steps = players.reduce((n, p) => n + p.answers.length, 0);
    console.log(`${SESSIONS} WebSocket sessions, ${catalog.scenarios.length} scenarios, ${steps} resets and steps in ${Math.round(elapsed)} ms`);

    await Promise.all(players.map(async (p) => (p.socket.send({ type: "close" }), p.socket.closed)));
    expect(server.app.context.sessions.counts.privateSessions).toBe(0);
  });
});
