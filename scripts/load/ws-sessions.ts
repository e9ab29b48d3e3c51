/**
 * Many WebSocket sessions open at once against a server: each resets its own episode (its own id, its own
 * scenario) and plays its plan, one step per session per round, all sessions in flight together. Every
 * answer is checked against what the engine answers for that session's plan and id: an answer meant for
 * another session, or an edit landing in another's episode, is cross-talk. The server's resident memory is
 * read before, with every episode live (after the first step), and at its peak.
 */
import { isDeepStrictEqual } from "node:util";
import { connectWs, expectedAnswers, planEpisode, type WsClient } from "./clients.js";

export interface SessionsReport {
  sessions: number;
  /** Frames answered (resets and steps). */
  frames: number;
  seconds: number;
  rssBeforeMiB: number;
  /** RSS with every session open and its episode live. */
  rssLiveMiB: number;
  /** Highest RSS read during the run. */
  rssPeakMiB: number;
  /**
   * KiB of RSS per session: the peak over the RSS before, divided by the sessions. An upper bound (the peak
   * also holds answers in flight); the heap a server has already grown may hold many sessions without any.
   */
  kibPerSession: number;
  /** Answers that were not observations (error frames, a closed socket, no answer in time). */
  errors: number;
  /** Sessions whose answers were not their own episode's. */
  crossTalk: number;
  /** The first problem met, for the summary. */
  firstProblem: string | null;
}

/** What the sessions need of the server: its address, and its resident memory in bytes. */
export interface MeasuredServer {
  url: string;
  memory(): { rss: number };
}

const MIB = 1024 * 1024;

/** The median of five readings of the server's RSS over half a second (one reading is at the mercy of a GC). */
export async function settledRss(server: MeasuredServer): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(server.memory().rss);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return readings.sort((a, b) => a - b)[2]!;
}

/** Opens `sessions` sockets (`batch` at a time), plays every plan to its end, checks every answer, and closes them. */
export async function runWsSessions(server: MeasuredServer, sessions: number, batch = 100): Promise<SessionsReport> {
  const began = performance.now();
  const rssBefore = await settledRss(server);
  let peak = rssBefore;
  const sample = setInterval(() => (peak = Math.max(peak, server.memory().rss)), 100);
  const clients: WsClient[] = [];
  try {
    for (let i = 0; i < sessions; i += batch) {
      clients.push(...(await Promise.all(Array.from({ length: Math.min(batch, sessions - i) }, () => connectWs(server.url)))));
    }
    const plans = clients.map((_, i) => planEpisode(i));
    const episodeIds = clients.map((_, i) => `load-${i}`);
    const answers: unknown[][] = clients.map(() => []);
    let frames = 0;
    let errors = 0;
    let firstProblem: string | null = null;
    const problem = (text: string): void => void (firstProblem ??= text);
    const finished = (i: number): boolean => {
      const last = answers[i]!.at(-1) as { done?: boolean } | undefined;
      return last === undefined || last.done === true;
    };
    // One frame to session i: its answer is kept, or the session stops at its first error.
    const ask = async (i: number, frame: unknown): Promise<void> => {
      let answer: any;
      try {
        answer = await clients[i]!.ask(frame);
      } catch (error) {
        answer = { type: "error", data: { message: error instanceof Error ? error.message : String(error) } };
      }
      frames++;
      if (answer.type === "observation") return void answers[i]!.push(answer.data);
      errors++;
      problem(`session ${i}: ${JSON.stringify(answer).slice(0, 200)}`);
      answers[i]!.push({ done: true, failed: true });
    };

    await Promise.all(clients.map((_, i) => ask(i, { type: "reset", data: { scenario_id: plans[i]!.scenarioId, episode_id: episodeIds[i] } })));
    let rssLive = 0;
    for (let round = 0; ; round++) {
      const active = clients.map((_, i) => i).filter((i) => !finished(i) && round < plans[i]!.actions.length);
      if (active.length === 0) break;
      await Promise.all(active.map((i) => ask(i, { type: "step", data: plans[i]!.actions[round] })));
      if (round === 0) rssLive = await settledRss(server);
    }

    let crossTalk = 0;
    answers.forEach((got, i) => {
      const expected = expectedAnswers(i, episodeIds[i]!);
      if (isDeepStrictEqual(got, expected)) return;
      if (got.some((a) => (a as { failed?: boolean }).failed === true)) return; // counted as an error already
      crossTalk++;
      const at = got.findIndex((a, k) => !isDeepStrictEqual(a, expected[k]));
      problem(`session ${i} (${episodeIds[i]}, ${plans[i]!.scenarioId}): answer ${at} is not its own episode's`);
    });
    peak = Math.max(peak, server.memory().rss);
    return {
      sessions,
      frames,
      seconds: (performance.now() - began) / 1000,
      rssBeforeMiB: rssBefore / MIB,
      rssLiveMiB: rssLive / MIB,
      rssPeakMiB: peak / MIB,
      kibPerSession: Math.max(0, peak - rssBefore) / 1024 / sessions,
      errors,
      crossTalk,
      firstProblem,
    };
  } finally {
    clearInterval(sample);
    await Promise.all(clients.map((c) => c.close()));
  }
}
