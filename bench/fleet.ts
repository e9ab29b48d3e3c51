/**
 * `npm run bench:fleet`: what the shared episode store costs and what a second replica buys, on this machine.
 *
 *   npm run bench:fleet                       # both measurements
 *   npm run bench:fleet -- --seconds 5 --rounds 1 --clients 8 --episodes 100
 *
 * 1. Per-step latency of the store: the same episodes (every curated scenario's solution) played through
 *    the app in this process (WORKERS=0, so only the store differs) on the memory store, on Redis with
 *    every step on the replica that played the one before (the usual case behind cookie affinity), and on
 *    Redis with every step on the other of two replicas (round-robin without affinity: each step rebuilds
 *    the episode by replay first). Rounds alternate, so a change in the machine's load falls on all alike.
 * 2. Fleet throughput: real processes, a redis-server of its own, nginx round-robin in front, two replicas
 *    with WORKERS=1 each; steps per second from `--clients` concurrent HTTP clients for `--seconds` with the
 *    balancer sending everything to one replica, then to both, in alternating windows. The load clients,
 *    nginx and Redis share the machine's cores with the replicas: compare the ratio, not the absolutes.
 */
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import type { Action } from "../contracts/actions.js";
import { createApp, type BreakfixApp } from "../server/app.js";
import { createLogger } from "../server/log.js";
import { loadCatalog } from "../tasks/catalog.js";
import { episodePlans, playEpisodes } from "../scripts/fleet/episodes.js";
import { startFleet } from "../scripts/fleet/fleet.js";
import { startRedis } from "../scripts/fleet/redis-process.js";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    rounds: { type: "string", default: "2" },
    clients: { type: "string", default: "16" },
    episodes: { type: "string", default: "200" },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const clients = Number(values.clients);
const episodes = Number(values.episodes);
for (const [name, n] of Object.entries({ seconds, rounds, clients, episodes })) {
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${name} must be a positive integer`);
    process.exit(2);
  }
}

const catalog = loadCatalog();
const quiet = createLogger("silent");
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

async function send(app: BreakfixApp, path: string, body: unknown): Promise<any> {
  const response = await app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Mean ms per step over `count` episodes, each step sent to `apps[step % apps.length]`. */
async function perStep(apps: BreakfixApp[], count: number): Promise<number> {
  let steps = 0;
  let spent = 0;
  for (const plan of episodePlans(catalog, count)) {
    const id = (await send(apps[0]!, "/reset", { scenario_id: plan.scenarioId })).observation.episode_id;
    const actions: Action[] = [...plan.actions, { action_type: "submit" }];
    for (const [i, action] of actions.entries()) {
      const began = performance.now();
      const answer = await send(apps[(i + 1) % apps.length]!, "/step", { episode_id: id, action });
      spent += performance.now() - began;
      steps++;
      if (answer.done) break;
    }
  }
  return spent / steps;
}

async function storeLatency(): Promise<void> {
  const redis = await startRedis();
  try {
    const app = (episodeStore?: string) => createApp({ workers: 0, logger: quiet, maxSessions: 100_000, ...(episodeStore === undefined ? {} : { episodeStore }) }, {});
    const memory = app();
    const [one, other] = [app(redis.url), app(redis.url)];
    for (const a of [one, other]) await a.context.sessions.ready(10_000);
    await perStep([memory], 20);
    await perStep([one], 20);
    await perStep([one, other], 20);
    const figures = { memory: [] as number[], redis: [] as number[], redisElsewhere: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      figures.memory.push(await perStep([memory], episodes));
      figures.redis.push(await perStep([one], episodes));
      figures.redisElsewhere.push(await perStep([one, other], episodes));
    }
    const [m, r, e] = [mean(figures.memory), mean(figures.redis), mean(figures.redisElsewhere)];
    console.log(`per-step latency, in process, WORKERS=0 (${episodes} episodes x ${rounds} rounds)`);
    console.log(`  memory store                          ${m.toFixed(3).padStart(8)} ms`);
    console.log(`  Redis store, same replica             ${r.toFixed(3).padStart(8)} ms   (+${(r - m).toFixed(3)} ms per step: one load and one commit script)`);
    console.log(`  Redis store, the other replica        ${e.toFixed(3).padStart(8)} ms   (+${(e - m).toFixed(3)} ms: the episode rebuilt by replay first)`);
    for (const a of [memory, one, other]) await a.context.sessions.dispose();
  } finally {
    await redis.stop();
  }
}

async function fleetThroughput(): Promise<void> {
  const fleet = await startFleet({ replicas: 2, workers: 1, env: { MAX_SESSIONS: "100000", STEP_TIMEOUT_MS: "60000" } });
  try {
    const plans = episodePlans(catalog, 100_000);
    const window = async (replicas: number): Promise<number> => {
      await fleet.nginx.route(fleet.replicas.slice(0, replicas).map((r) => r.url));
      const run = await playEpisodes(fleet.url, plans, { concurrency: clients, until: performance.now() + seconds * 1000 });
      if (run.problems.length > 0) throw new Error(`the fleet answered wrongly: ${run.problems.slice(0, 3).join("; ")}`);
      return run.steps / run.seconds;
    };
    await window(2); // warm-up: both replicas compile their code paths
    const figures: Record<1 | 2, number[]> = { 1: [], 2: [] };
    for (let round = 0; round < rounds; round++) {
      for (const n of round % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)) figures[n].push(await window(n));
    }
    const [one, two] = [mean(figures[1]), mean(figures[2])];
    console.log(`\nfleet throughput behind nginx round-robin, WORKERS=1 per replica, ${clients} clients, ${rounds} x ${seconds} s windows each`);
    console.log(`  1 replica                             ${one.toFixed(0).padStart(8)} steps/s   (${figures[1].map((x) => x.toFixed(0)).join(", ")})`);
    console.log(`  2 replicas                            ${two.toFixed(0).padStart(8)} steps/s   (${figures[2].map((x) => x.toFixed(0)).join(", ")})`);
    console.log(`  ratio 2 / 1                           ${(two / one).toFixed(2).padStart(8)}`);
  } finally {
    await fleet.stop();
  }
}

// The machine is shared: the load average says how far the absolute figures can be trusted.
const load = (): string => loadavg().map((x) => x.toFixed(1)).join(" ");
console.log(`breakfix fleet bench: node ${process.version}, ${availableParallelism()} cores, load average ${load()}\n`);
await storeLatency();
await fleetThroughput();
console.log(`\nload average at the end: ${load()}`);
