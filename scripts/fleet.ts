/**
 * `npm run fleet`: the fleet suite's run, longer. A redis-server of its own, `--replicas` breakfix replicas
 * on it and nginx round-robin in front (all on free 127.0.0.1 ports); `--episodes` HTTP episodes from
 * `--clients` concurrent clients, each checked end to end (its actions recorded exactly once, its final
 * score equal to its replay); with `--kill-every N`, a replica is killed (SIGKILL) after every N finished
 * episodes and a fresh one put behind the balancer, so episodes in play move to the replicas left.
 *
 *   npm run fleet                                  # 5,000 episodes on 2 replicas, one killed every 1,000
 *   npm run fleet -- --episodes 20000 --replicas 3 --clients 32 --kill-every 2000 --persistent
 *
 * Exits 1 on any failed check, printing the first ones.
 */
import { parseArgs } from "node:util";
import { loadCatalog } from "../tasks/catalog.js";
import { episodePlans, playEpisodes } from "./fleet/episodes.js";
import { startFleet } from "./fleet/fleet.js";

const { values } = parseArgs({
  options: {
    episodes: { type: "string", default: "5000" },
    replicas: { type: "string", default: "2" },
    clients: { type: "string", default: "16" },
    workers: { type: "string", default: "1" },
    "kill-every": { type: "string", default: "1000" },
    persistent: { type: "boolean", default: false },
  },
});
const count = (name: keyof typeof values, min = 1): number => {
  const n = Number(values[name]);
  if (!Number.isSafeInteger(n) || n < min) {
    console.error(`--${name} must be an integer of at least ${min}, got '${String(values[name])}'`);
    process.exit(2);
  }
  return n;
};
const episodes = count("episodes");
const replicas = count("replicas");
const clients = count("clients");
const workers = count("workers");
const killEvery = count("kill-every", 0);

const fleet = await startFleet({ replicas, workers, persistent: values.persistent, env: { STEP_TIMEOUT_MS: "60000", MAX_SESSIONS: "100000" } });
console.log(`fleet: redis ${fleet.redis.url}, ${replicas} replicas (WORKERS=${workers}), nginx ${fleet.url}`);
let kills = 0;
let replacing: Promise<void> = Promise.resolve();
let exitCode = 0;
try {
  const run = await playEpisodes(fleet.url, episodePlans(loadCatalog(), episodes), {
    concurrency: clients,
    onProgress: (finished) => {
      if (finished % 500 === 0) console.log(`  ${finished}/${episodes} episodes`);
      if (killEvery === 0 || finished % killEvery !== 0 || finished === episodes) return;
      // Kill the oldest replica still running, then put a fresh one behind the balancer.
      const victim = fleet.replicas.find((r) => r.running());
      if (victim === undefined) return;
      kills++;
      victim.child.kill("SIGKILL");
      console.log(`  killed replica ${victim.url} after ${finished} episodes`);
      replacing = replacing.then(async () => {
        await fleet.addReplica();
        await fleet.route();
      });
    },
  });
  await replacing;
  console.log(`${run.episodes}/${episodes} episodes checked, ${run.steps} steps in ${run.seconds.toFixed(1)} s (${(run.steps / run.seconds).toFixed(0)} steps/s)`);
  console.log(`replicas killed: ${kills}; requests sent again: ${run.retried}; steps found recorded after a lost answer: ${run.recovered}`);
  console.log(`answers: ${JSON.stringify(run.statuses)}`);
  const errors = fleet.replicas.flatMap((r) => r.errorLines());
  if (run.problems.length > 0 || run.episodes !== episodes || errors.length > 0) {
    exitCode = 1;
    for (const problem of run.problems.slice(0, 20)) console.error(`FAIL ${problem}`);
    for (const line of errors.slice(0, 5)) console.error(`server error: ${line}`);
  } else {
    console.log("every episode: its actions recorded exactly once, its final score equal to its replay");
  }
} finally {
  await fleet.stop();
}
process.exit(exitCode);
