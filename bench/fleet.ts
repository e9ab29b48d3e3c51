/**
 * `npm run bench:fleet`: what the shared episode store costs and what a second replica buys, on this machine.
 *
 *   npm run bench:fleet                       # both measurements
 *   npm run bench:fleet -- --seconds 5 --rounds 1 --clients 8 --episodes 100
 *   npm run bench:fleet -- --only store       # or --only fleet
 *
 * 1. Per-step latency of the store: first the store's own work per step (one load, one commit), memory
 *    against Redis on loopback, free of the simulation's noise; then whole steps through the app in this
 *    process (WORKERS=0, so only the store differs), each episode played in turn on the memory store, on
 *    Redis with every step on the replica that played the one before (the usual case behind cookie
 *    affinity), and on Redis with every step on the other of two replicas (round-robin without affinity:
 *    each step rebuilds the episode by replay first). Medians, as the machine is shared.
 * 2. Fleet throughput: real processes, a redis-server of its own, nginx in front, two replicas with
 *    WORKERS=1 each; steps per second from `--clients` concurrent HTTP clients for `--seconds` with the
 *    balancer sending everything to one replica, to both round-robin, and to both with each episode kept
 *    on one replica (as the Ingress's affinity cookie does), in alternating windows. The load clients, nginx
 *    and Redis share the machine's cores with the replicas: compare the ratios, not the absolutes.
 */
import { availableParallelism, loadavg } from "node:os";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import type { Action } from "../contracts/actions.js";
import { createApp, type BreakfixApp } from "../server/app.js";
import type { EpisodeRecord } from "../environment/episode-record.js";
import { createLogger } from "../server/log.js";
import type { EpisodeStore } from "../server/store/episode-store.js";
import { MemoryEpisodeStore } from "../server/store/memory-store.js";
import { RedisEpisodeStore } from "../server/store/redis-store.js";
import { loadCatalog } from "../tasks/catalog.js";
import { episodePlans, playEpisodes, type EpisodePlan } from "../scripts/fleet/episodes.js";
import { startFleet } from "../scripts/fleet/fleet.js";
import { startRedis } from "../scripts/fleet/redis-process.js";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    rounds: { type: "string", default: "2" },
    clients: { type: "string", default: "16" },
    episodes: { type: "string", default: "200" },
    only: { type: "string" },
  },
});
if (values.only !== undefined && values.only !== "store" && values.only !== "fleet") {
  console.error("--only must be store or fleet");
  process.exit(2);
}
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

/** The median and 95th percentile of `xs`. */
function spread(xs: number[]): { median: number; p95: number } {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.floor(sorted.length * 0.95)]! };
}

/** Plays one plan (and a submit) with each step sent to `apps[step % apps.length]`; the ms each step took. */
async function stepTimes(apps: BreakfixApp[], plan: EpisodePlan): Promise<number[]> {
  const times: number[] = [];
  const id = (await send(apps[0]!, "/reset", { scenario_id: plan.scenarioId })).observation.episode_id;
  for (const [i, action] of [...plan.actions, { action_type: "submit" } as Action].entries()) {
    const began = performance.now();
    const answer = await send(apps[(i + 1) % apps.length]!, "/step", { episode_id: id, action });
    times.push(performance.now() - began);
    if (answer.done) break;
  }
  return times;
}

/** Microseconds of store work per step (one load, one commit), the simulation left out. */
async function storeOnly(store: EpisodeStore, steps: number): Promise<number[]> {
  const times: number[] = [];
  const base: EpisodeRecord = { episode_id: `bench-${randomUUID()}`, scenario_id: "typo_filename", seed: null, actions: [], hints_used: 0, done: false };
  await store.start({ record: base, generation: "g" }, { asDefault: false, placesHeldElsewhere: 0 });
  let record = base;
  for (let i = 0; i < steps; i++) {
    const began = performance.now();
    const stored = await store.load(record.episode_id);
    const next = { ...stored!.record, actions: [...stored!.record.actions, { action_type: "inspect", command: "ls" } as Action] };
    if ((await store.commit(record.episode_id, "g", stored!.record.actions.length, next)) !== "committed") throw new Error("commit refused");
    times.push((performance.now() - began) * 1000);
    record = next;
    // An episode has at most a few dozen actions: start another rather than grow one without bound.
    if (record.actions.length >= 20) {
      record = { ...base, episode_id: `bench-${randomUUID()}` };
      await store.start({ record, generation: "g" }, { asDefault: false, placesHeldElsewhere: 0 });
    }
  }
  return times;
}

async function storeLatency(): Promise<void> {
  const redis = await startRedis();
  try {
    // The store's own cost per step: what Redis adds, free of the simulation's noise on a shared machine.
    const limits = { maxSessions: 100_000, ttlSeconds: 900 };
    const memoryStore = new MemoryEpisodeStore({ ...limits, clock: Date.now });
    const redisStore = new RedisEpisodeStore({ url: redis.url, ...limits });
    await redisStore.ready(10_000);
    await storeOnly(redisStore, 200);
    const own = { memory: [] as number[], redis: [] as number[] };
    for (let round = 0; round < rounds * 5; round++) {
      own.memory.push(...(await storeOnly(memoryStore, 400)));
      own.redis.push(...(await storeOnly(redisStore, 400)));
    }
    await redisStore.close();
    const [m, r] = [spread(own.memory), spread(own.redis)];
    console.log(`store work per step (one load and one commit; ${own.redis.length} steps each), median / p95`);
    console.log(`  memory store                          ${m.median.toFixed(1).padStart(8)} us / ${m.p95.toFixed(1)} us`);
    console.log(`  Redis store (loopback)                ${r.median.toFixed(1).padStart(8)} us / ${r.p95.toFixed(1)} us   (+${((r.median - m.median) / 1000).toFixed(3)} ms per step)`);

    // A whole step through the app in this process (WORKERS=0), each episode played on all three in turn.
    const app = (episodeStore?: string) => createApp({ workers: 0, logger: quiet, maxSessions: 100_000, ...(episodeStore === undefined ? {} : { episodeStore }) }, {});
    const memory = app();
    const [one, other] = [app(redis.url), app(redis.url)];
    for (const a of [one, other]) await a.context.sessions.ready(10_000);
    const plans = episodePlans(catalog, episodes);
    for (const plan of plans.slice(0, 20)) for (const apps of [[memory], [one], [one, other]]) await stepTimes(apps, plan);
    const whole = { memory: [] as number[], redis: [] as number[], elsewhere: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      for (const plan of plans) {
        whole.memory.push(...(await stepTimes([memory], plan)));
        whole.redis.push(...(await stepTimes([one], plan)));
        whole.elsewhere.push(...(await stepTimes([one, other], plan)));
      }
    }
    const [wm, wr, we] = [spread(whole.memory), spread(whole.redis), spread(whole.elsewhere)];
    console.log(`\na whole step through the app, in process, WORKERS=0 (${whole.memory.length} steps each), median / p95`);
    console.log(`  memory store                          ${wm.median.toFixed(2).padStart(8)} ms / ${wm.p95.toFixed(2)} ms`);
    console.log(`  Redis store, same replica             ${wr.median.toFixed(2).padStart(8)} ms / ${wr.p95.toFixed(2)} ms`);
    console.log(`  Redis store, the other replica        ${we.median.toFixed(2).padStart(8)} ms / ${we.p95.toFixed(2)} ms   (the episode rebuilt by replay first)`);
    for (const a of [memory, one, other]) await a.context.sessions.dispose();
  } finally {
    await redis.stop();
  }
}

async function fleetThroughput(): Promise<void> {
  const fleet = await startFleet({ replicas: 2, workers: 1, env: { MAX_SESSIONS: "100000", STEP_TIMEOUT_MS: "60000" } });
  try {
    const plans = episodePlans(catalog, 100_000);
    type Setup = "one" | "two" | "twoAffine";
    const requests: Record<Setup, number[]> = { one: [], two: [], twoAffine: [] };
    const window = async (setup: Setup): Promise<number> => {
      const replicas = setup === "one" ? 1 : 2;
      await fleet.nginx.route(fleet.replicas.slice(0, replicas).map((r) => r.url), setup === "twoAffine" ? "affinity" : "round-robin");
      const run = await playEpisodes(fleet.url, plans, { concurrency: clients, until: performance.now() + seconds * 1000 });
      if (run.problems.length > 0) throw new Error(`the fleet answered wrongly: ${run.problems.slice(0, 3).join("; ")}`);
      requests[setup].push(Object.values(run.statuses).reduce((a, b) => a + b, 0) / run.seconds);
      return run.steps / run.seconds;
    };
    await window("two"); // warm-up: both replicas compile their code paths
    requests.two.length = 0;
    const figures: Record<Setup, number[]> = { one: [], two: [], twoAffine: [] };
    const order: Setup[] = ["one", "two", "twoAffine"];
    for (let round = 0; round < rounds; round++) {
      for (const setup of round % 2 === 0 ? order : [...order].reverse()) figures[setup].push(await window(setup));
    }
    const [one, two, affine] = [mean(figures.one), mean(figures.two), mean(figures.twoAffine)];
    const [oneRequests, twoRequests, affineRequests] = [mean(requests.one), mean(requests.two), mean(requests.twoAffine)];
    console.log(`\nfleet throughput behind nginx, WORKERS=1 per replica, ${clients} clients, ${rounds} x ${seconds} s windows each`);
    const line = (label: string, steps: number, windows: number[], perSecond: number): void =>
      console.log(`  ${label.padEnd(36)} ${steps.toFixed(0).padStart(8)} steps/s   (${windows.map((x) => x.toFixed(0)).join(", ")}; ${perSecond.toFixed(0)} requests/s)`);
    line("1 replica", one, figures.one, oneRequests);
    line("2 replicas, round-robin", two, figures.two, twoRequests);
    line("2 replicas, episode affinity", affine, figures.twoAffine, affineRequests);
    console.log(`  ratio 2 / 1                           ${(two / one).toFixed(2).padStart(8)} round-robin (each step on the other replica replays its episode first), ${(affine / one).toFixed(2)} with affinity`);
  } finally {
    await fleet.stop();
  }
}

// The machine is shared: the load average says how far the absolute figures can be trusted.
const load = (): string => loadavg().map((x) => x.toFixed(1)).join(" ");
console.log(`breakfix fleet bench: node ${process.version}, ${availableParallelism()} cores, load average ${load()}\n`);
if (values.only !== "fleet") await storeLatency();
if (values.only !== "store") await fleetThroughput();
console.log(`\nload average at the end: ${load()}`);
