/**
 * Closed-loop clients playing the episode mix (scripts/load/clients.ts: every scenario in turn, a reset, a
 * hint, a failing edit, the reference fix) over REST or WebSocket, for a timed window after a warm-up, with
 * the server's CPU time read over the window alone: steps per second and CPU milliseconds per step, the
 * figures to put beside the same mix against a bare echo server.
 */
import { connectWs, planEpisode, type Mix, type WsClient } from "../scripts/load/clients.js";
import { keepAliveClient } from "../scripts/load/keep-alive.js";
import { cpuMs } from "./cpu.js";
import { settle, type SettleLimits } from "./settle.js";

export type Transport = "rest" | "ws";

export interface WindowFigures {
  transport: Transport;
  clients: number;
  stepsPerSecond: number;
  /** Server CPU (all threads) over the window, per step answered. */
  cpuMsPerStep: number;
  /** Median and 99th percentile of a step's round trip in the window, ms. */
  p50: number;
  p99: number;
  /** The clients' own CPU over the window, as a share of one core: near 1, the clients bound the figure, not the server. */
  clientCpuShare: number;
  errors: number;
  firstProblem: string | null;
}

/** One client's way of sending a frame: resolves with whether the answer was an observation, and whether it ended the episode. */
type Ask = (frame: { type: "reset" | "step"; data: unknown }) => Promise<{ ok: boolean; done: boolean; text: string }>;

async function restClient(url: string, c: number): Promise<{ ask: Ask; close(): Promise<void> }> {
  // One named episode per client, reset in place at each new episode, so the store holds `clients` episodes;
  // one kept-alive connection per client, as an agent's HTTP client holds.
  const episodeId = `bench-${c}`;
  const http = keepAliveClient(url);
  const ask: Ask = async (frame) => {
    const answer =
      frame.type === "reset"
        ? await http.post("/reset", { ...(frame.data as object), episode_id: episodeId })
        : await http.post("/step", { episode_id: episodeId, action: frame.data });
    return { ok: answer.status === 200, done: answer.body?.done === true, text: `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}` };
  };
  return { ask, close: async () => http.close() };
}

async function wsClient(url: string): Promise<{ ask: Ask; close(): Promise<void> }> {
  const ws: WsClient = await connectWs(url);
  const ask: Ask = async (frame) => {
    const answer = await ws.ask(frame);
    return { ok: answer.type === "observation", done: answer.data?.done === true, text: JSON.stringify(answer).slice(0, 200) };
  };
  return { ask, close: () => ws.close() };
}

const percentile = (sorted: number[], p: number): number => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);

/** A warm-up: so many seconds, or until the server's background threads settle (its worker threads being `busy`). */
export type WarmUp = number | { settle: SettleLimits; busy: number };

/** `clients` clients playing `mix` against `url` (served by process `pid`) for a warm-up, then a measured window of `seconds`. */
export async function measureWindow(url: string, pid: number, transport: Transport, clients: number, seconds: number, warmUp: WarmUp, mix: Mix = "all"): Promise<WindowFigures> {
  const connections = await Promise.all(Array.from({ length: clients }, (_, c) => (transport === "rest" ? restClient(url, c) : wsClient(url))));
  let counting = false;
  let stop = false;
  let errors = 0;
  let firstProblem: string | null = null;
  const latencies: number[] = [];
  const loop = async (c: number): Promise<void> => {
    for (let n = c; !stop; n += clients) {
      const plan = planEpisode(n, mix);
      const frames = [{ type: "reset" as const, data: { scenario_id: plan.scenarioId } }, ...plan.actions.map((action) => ({ type: "step" as const, data: action }))];
      for (const frame of frames) {
        if (stop) return;
        const began = performance.now();
        let answer: Awaited<ReturnType<Ask>>;
        try {
          answer = await connections[c]!.ask(frame);
        } catch (error) {
          errors++;
          firstProblem ??= `client ${c}: ${error instanceof Error ? error.message : String(error)}`;
          return;
        }
        if (counting) latencies.push(performance.now() - began);
        if (!answer.ok) {
          errors++;
          firstProblem ??= `client ${c}: ${answer.text}`;
        }
        if (answer.done) break;
      }
    }
  };
  const loops = connections.map((_, c) => loop(c));
  if (typeof warmUp === "number") await new Promise((resolve) => setTimeout(resolve, warmUp * 1000));
  else await settle(pid, warmUp.busy, warmUp.settle);
  const cpuBefore = cpuMs(pid);
  const clientBefore = process.cpuUsage();
  latencies.length = 0;
  counting = true;
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  counting = false;
  const elapsed = (performance.now() - began) / 1000;
  const cpuUsed = cpuMs(pid) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  const steps = latencies.length;
  stop = true;
  await Promise.all(loops);
  await Promise.all(connections.map((c) => c.close()));
  latencies.sort((a, b) => a - b);
  return {
    transport,
    clients,
    stepsPerSecond: steps / elapsed,
    cpuMsPerStep: steps === 0 ? Number.NaN : cpuUsed / steps,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    clientCpuShare: (client.user + client.system) / 1000 / (elapsed * 1000),
    errors,
    firstProblem,
  };
}
