/**
 * Steps per second against a server: `clients` WebSocket sessions each play the episode mix in a loop
 * (reset, a hint, a failing edit, the reference fix) for a fixed time after a warm-up; every frame answered
 * counts as a step (resets included), as a trainer's rollout loop sees them.
 */
import { connectWs, planEpisode } from "./clients.js";

export interface ThroughputReport {
  clients: number;
  seconds: number;
  steps: number;
  stepsPerSecond: number;
  episodes: number;
  /** Answers that were not observations, and clients that lost their socket. */
  errors: number;
  firstProblem: string | null;
}

export async function measureThroughput(url: string, clients: number, seconds: number, warmUpSeconds = 3): Promise<ThroughputReport> {
  const sockets = await Promise.all(Array.from({ length: clients }, () => connectWs(url)));
  let counting = false;
  let stop = false;
  let steps = 0;
  let episodes = 0;
  let errors = 0;
  let firstProblem: string | null = null;
  const loop = async (c: number): Promise<void> => {
    for (let n = c; !stop; n += clients) {
      const plan = planEpisode(n);
      const frames = [{ type: "reset", data: { scenario_id: plan.scenarioId } }, ...plan.actions.map((action) => ({ type: "step", data: action }))];
      for (const frame of frames) {
        if (stop) return;
        let answer: any;
        try {
          answer = await sockets[c]!.ask(frame);
        } catch (error) {
          // A lost socket is an error whether or not the window is open; this client plays no more.
          errors++;
          firstProblem ??= `client ${c}: ${error instanceof Error ? error.message : String(error)}`;
          return;
        }
        if (answer.type !== "observation") {
          errors++;
          firstProblem ??= `client ${c}: ${JSON.stringify(answer).slice(0, 200)}`;
        }
        if (counting) steps++;
        if (answer.data?.done === true) break;
      }
      if (counting) episodes++;
    }
  };
  const loops = sockets.map((_, c) => loop(c));
  await new Promise((resolve) => setTimeout(resolve, warmUpSeconds * 1000));
  counting = true;
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  counting = false;
  const elapsed = (performance.now() - began) / 1000;
  stop = true;
  await Promise.all(loops);
  await Promise.all(sockets.map((s) => s.close()));
  return { clients, seconds: elapsed, steps, stepsPerSecond: steps / elapsed, episodes, errors, firstProblem };
}
