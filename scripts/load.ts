/**
 * `npm run load`: the server under load, as two processes on 127.0.0.1 and free ports (one with
 * WORKERS=<cores>, one with WORKERS=0), in bounded runs.
 *
 *   npm run load                      # 1,000 WebSocket sessions, then steps/s with WORKERS=0 and WORKERS=<cores>
 *   npm run load -- --sessions 200 --seconds 6 --rounds 2 --clients 8 --workers 4
 *   npm run load -- --dist            # the build in dist/ (npm run build first) instead of the TypeScript sources
 *
 * 1. Sessions: `--sessions` WebSocket sessions open at once on the pooled server, each playing its own
 *    episode, every answer checked against the engine's for that session (no cross-talk); the server's
 *    resident memory before, with every episode live, and per session.
 * 2. Throughput: steps per second (every frame answered, resets included) from `--clients` sessions, for
 *    `--seconds` on each server, in `--rounds` alternating windows (WORKERS=0 then pooled, then the other way
 *    round), so that a change in the machine's load falls on both alike; the ratio of the two is the figure
 *    to compare, since the load clients share the machine with the servers.
 *
 * Exits 1 when an invariant breaks: an answer that is not an observation, cross-talk, an error logged by a
 * server, or a server that stops before it is told to.
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { PLANS } from "./load/clients.js";
import { startServerProcess, type ServerProcess } from "./load/server-process.js";
import { measureThroughput } from "./load/throughput.js";
import { runWsSessions } from "./load/ws-sessions.js";

const { values } = parseArgs({
  options: {
    sessions: { type: "string", default: "1000" },
    seconds: { type: "string", default: "15" },
    rounds: { type: "string", default: "3" },
    clients: { type: "string", default: "16" },
    workers: { type: "string", default: String(availableParallelism()) },
    dist: { type: "boolean", default: false },
  },
});
const positive = (name: string, raw: string): number => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${name} must be a positive integer, got '${raw}'`);
    process.exit(2);
  }
  return n;
};
const sessions = positive("sessions", values.sessions);
const seconds = positive("seconds", values.seconds);
const rounds = positive("rounds", values.rounds);
const clients = positive("clients", values.clients);
const workers = positive("workers", values.workers);
const build = values.dist ? "dist" : "source";

const failures: string[] = [];
const fixed = (x: number, digits = 1): string => x.toFixed(digits);
const failed = (label: string, error: unknown): void => void failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);

/**
 * Every plan of the mix once per worker, checked like the rest, before anything is measured: the first
 * episode on a worker starts it, and the first of each scenario pays for compiling its code paths.
 */
async function warmUp(label: string, server: ServerProcess, workerCount: number): Promise<void> {
  const warm = await runWsSessions(server, PLANS * Math.max(1, workerCount));
  if (warm.errors > 0 || warm.crossTalk > 0) failures.push(`${label} warm-up: ${warm.errors} errors, ${warm.crossTalk} with cross-talk; first: ${warm.firstProblem}`);
}

/** Stops a server and records what went wrong on its side: stopping early, a bad exit, errors in its log. */
async function stopChecked(label: string, server: ServerProcess): Promise<void> {
  if (!server.running()) failures.push(`${label}: the server stopped on its own (${JSON.stringify(await server.exited)})`);
  const exit = await server.stop();
  if (exit.code !== 0 && exit.signal === null) failures.push(`${label}: the server exited with code ${exit.code} on SIGTERM`);
  const errors = server.errorLines();
  if (errors.length > 0) failures.push(`${label}: the server logged ${errors.length} errors, first: ${errors[0]!.slice(0, 300)}`);
}

console.log(
  `load: ${sessions} WebSocket sessions; then ${clients} clients for ${seconds} s on each of WORKERS=0 and WORKERS=${workers} ` +
    `in ${rounds} alternating rounds (${build}, ${availableParallelism()} cores)`,
);
const pooledLabel = `WORKERS=${workers}`;
const started = await Promise.allSettled([
  startServerProcess({ build, env: { WORKERS: String(workers), MAX_SESSIONS: String(Math.max(1024, sessions + 64)) } }),
  startServerProcess({ build, env: { WORKERS: "0" } }),
]);
if (started.some((s) => s.status === "rejected")) {
  for (const s of started) if (s.status === "fulfilled") await s.value.stop();
  const reasons = started.flatMap((s) => (s.status === "rejected" ? [s.reason instanceof Error ? s.reason.message : String(s.reason)] : []));
  console.log(`load: FAILED\n  a server did not start: ${reasons.join("; ")}`);
  process.exit(1);
}
const [pooled, inProcess] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [ServerProcess, ServerProcess];
try {
  try {
    await warmUp(pooledLabel, pooled, workers);
    const report = await runWsSessions(pooled, sessions);
    console.log(`${sessions} concurrent WebSocket sessions (${pooledLabel}): ${report.frames} frames in ${fixed(report.seconds)} s, ${report.errors} errors, ${report.crossTalk} sessions with cross-talk`);
    console.log(
      `  RSS ${fixed(report.rssBeforeMiB)} MiB before, ${fixed(report.rssLiveMiB)} MiB with every episode live, peak ${fixed(report.rssPeakMiB)} MiB: ` +
        `at most ${fixed(report.kibPerSession, 0)} KiB per session`,
    );
    if (report.errors > 0 || report.crossTalk > 0) failures.push(`sessions: ${report.errors} errors, ${report.crossTalk} with cross-talk; first: ${report.firstProblem}`);
  } catch (error) {
    failed("sessions", error);
  }

  try {
    await warmUp("WORKERS=0", inProcess, 0);
    const totals = new Map<ServerProcess, { steps: number; seconds: number; episodes: number; errors: number }>([
      [inProcess, { steps: 0, seconds: 0, episodes: 0, errors: 0 }],
      [pooled, { steps: 0, seconds: 0, episodes: 0, errors: 0 }],
    ]);
    const windowSeconds = seconds / rounds;
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [inProcess, pooled] : [pooled, inProcess];
      const rates: string[] = [];
      for (const server of order) {
        const report = await measureThroughput(server.url, clients, windowSeconds, 1);
        const total = totals.get(server)!;
        total.steps += report.steps;
        total.seconds += report.seconds;
        total.episodes += report.episodes;
        total.errors += report.errors;
        rates.push(`${server === pooled ? pooledLabel : "WORKERS=0"} ${fixed(report.stepsPerSecond, 0)}/s`);
        if (report.errors > 0) failures.push(`throughput on ${server === pooled ? pooledLabel : "WORKERS=0"}: ${report.errors} errors; first: ${report.firstProblem}`);
      }
      console.log(`  round ${round + 1}: ${rates.join(", ")}`);
    }
    const rate = (server: ServerProcess): number => totals.get(server)!.steps / totals.get(server)!.seconds;
    for (const [label, server] of [["WORKERS=0", inProcess], [pooledLabel, pooled]] as const) {
      const total = totals.get(server)!;
      console.log(`${label}: ${fixed(rate(server), 0)} steps/s over ${fixed(total.seconds)} s with ${clients} WebSocket clients (${total.steps} steps, ${total.episodes} episodes, ${total.errors} errors)`);
    }
    if (rate(inProcess) > 0) console.log(`  ${pooledLabel} / WORKERS=0: ${fixed(rate(pooled) / rate(inProcess), 2)}x`);
  } catch (error) {
    failed("throughput", error);
  }
} finally {
  await stopChecked(pooledLabel, pooled);
  await stopChecked("WORKERS=0", inProcess);
}

if (failures.length === 0) console.log("load: every invariant held");
else {
  console.log(`load: FAILED\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
}
