/**
 * Steps per second of the episode pool itself with 1 and 2 worker threads, no HTTP in between: the same
 * closed-loop episodes, each a PlayedEpisode as every transport plays it, driven from this process. A server
 * on a 2-core machine cannot show its workers scaling (its main thread and the clients take a core); the pool
 * alone can, since all this process's main thread does per step is hand the task on.
 *
 * Two mixes: the curated one (every state recurs, so most steps are answered from kept states), and generated
 * scenarios, each episode a new seed (every state fresh, the reset generating its scenario in the worker),
 * which is what a worker's core does in an RL run over the generated family.
 */
import { loadCatalog } from "../tasks/catalog.js";
import type { Action } from "../contracts/actions.js";
import { startRecord } from "../environment/episode-record.js";
import type { ResetRequest } from "../contracts/observation.js";
import { generatedId, generateScenario } from "../generator/generate.js";
import { createPool } from "../server/pool/pool.js";
import { PlayedEpisode, type EpisodeRuntime } from "../server/played-episode.js";
import { planEpisode, plansOf, type Mix } from "../scripts/load/clients.js";
import { servedCatalog } from "../generator/family.js";
import { cpuMs } from "./cpu.js";
import { settle, type Settled, type SettleLimits } from "./settle.js";

export type PoolMix = Mix | "generated";

interface Plan {
  reset: ResetRequest;
  actions: Action[];
}

/** Episode i of a mix: a curated plan, or generated seed `i` (medium) with its reference repair. */
function planOf(mix: PoolMix, i: number): Plan {
  if (mix !== "generated") {
    const plan = planEpisode(i, mix);
    return { reset: { scenario_id: plan.scenarioId }, actions: plan.actions };
  }
  const scenario = generateScenario({ split: "train", difficulty: "medium", seed: i });
  return { reset: { scenario_id: scenario.id }, actions: [{ action_type: "request_hint" }, ...scenario.solution] };
}

/**
 * Episode i of a mix's warm-up: generated ones are seeds of their own (so the window's states are still fresh)
 * played only as far as a hint, since their repairs would have to be planned here, on the main thread.
 */
function warmUpPlanOf(mix: PoolMix, i: number, plans: readonly Plan[]): Plan {
  if (mix !== "generated") return plans[i % plans.length]!;
  return { reset: { scenario_id: generatedId({ split: "train", difficulty: "medium", seed: 1_000_000 + i }) }, actions: [{ action_type: "request_hint" }] };
}

export interface PoolFigures {
  workers: number;
  mix: PoolMix;
  /** Operations (resets and steps) answered per second over the window. */
  perSecond: number;
  /** This process's CPU (every thread: the main one handing tasks on, the workers, the collector's) per operation. */
  cpuMsPerOp: number;
  errors: number;
  /** The warm-up before the window: until V8's background threads had settled (bench/settle.ts). */
  warmUp: Settled;
}

/** How many different episodes a mix's window plays in turn (generated: fresh seeds, planned before the window). */
const plansFor = (mix: PoolMix, clients: number, seconds: number): number => (mix === "generated" ? Math.max(clients * 4, Math.round(40 * seconds)) : plansOf(mix));

/** `clients` episodes at once against a pool of `workers`, warmed until settled, and then `seconds` measured. */
export async function poolWindow(workers: number, mix: PoolMix, clients: number, seconds: number, warmUpLimits: SettleLimits): Promise<PoolFigures> {
  const catalog = mix === "generated" ? servedCatalog() : loadCatalog();
  const count = plansFor(mix, clients, seconds);
  const plans = Array.from({ length: count }, (_, i) => planOf(mix, i));
  const pool = createPool({ workers, stepTimeoutMs: 60_000, catalog });
  const runtime: EpisodeRuntime = { pool, catalog, stepped: () => undefined };
  await pool.warmUp();
  let counting = false;
  let stop = false;
  let answered = 0;
  let errors = 0;
  let next = 0;
  let warming = 0;
  const client = async (c: number): Promise<void> => {
    while (!stop) {
      const plan = counting ? plans[next++ % plans.length]! : warmUpPlanOf(mix, warming++, plans);
      try {
        const episode = new PlayedEpisode(runtime, "ws", startRecord(catalog, plan.reset, `pool-${c}`));
        await episode.started;
        if (counting) answered++;
        for (const action of plan.actions) {
          if (stop || episode.done) break;
          await episode.step(action, "/state");
          if (counting) answered++;
        }
        episode.release();
      } catch {
        errors++;
      }
    }
  };
  const running = Array.from({ length: clients }, (_, c) => client(c));
  const warmUp = await settle(process.pid, workers, warmUpLimits);
  counting = true;
  const began = performance.now();
  const cpuBefore = cpuMs(process.pid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  counting = false;
  const cpu = cpuMs(process.pid) - cpuBefore;
  const elapsed = (performance.now() - began) / 1000;
  stop = true;
  await Promise.all(running);
  await pool.close();
  return { workers, mix, perSecond: answered / elapsed, cpuMsPerOp: cpu / Math.max(1, answered), errors, warmUp };
}
