/**
 * `npm run bench:servers`: the figures users compare between servers, measured in one run on this machine.
 * Three processes on 127.0.0.1 at once: a bare Hono + ws echo server (bench/echo-server.ts, the stack's
 * ceiling), breakfix with one worker thread and breakfix with two. The same closed-loop clients play the
 * same mix (every scenario: reset, hint, failing edit, reference fix) against each, in turn, so a change in
 * the machine's load falls on all alike:
 *
 * - REST and WebSocket steps/s, CPU ms per step (the server's /proc/<pid>/stat over the window) and round
 *   trip p50/p99, at 1, 32 and 256 clients, breakfix against the echo server;
 * - the same at 32 clients on the delivery mix (the curated scenarios without the simulated hosts, whose
 *   steps run host commands and cost more), the mix the first server figures were taken on;
 * - 1 against 2 workers (WebSocket, 32 clients), and the episode pool alone with 1 and 2 workers on the
 *   curated delivery mix and on generated scenarios (a fresh seed each episode), no HTTP in between; each of
 *   these windows begins once V8's background threads have settled (bench/settle.ts), so that a fresh
 *   worker's compiling is not counted against it;
 * - resident memory per 1,000 live WebSocket sessions.
 *
 * Ratios are printed beside the figures: on a shared machine they are the figures to compare.
 *
 *   npm run bench:servers -- --quick          # 2 s windows, 500 sessions, warm-ups capped at a third: about six minutes
 *   npm run bench:servers                     # 5 s windows, 1,000 sessions
 *   npm run bench:servers -- --seconds 10 --sessions 2000
 */
import { parseArgs } from "node:util";
import { PLANS, plansOf, type Mix } from "../scripts/load/clients.js";
import { startServerProcess, type ServerProcess } from "../scripts/load/server-process.js";
import { runWsSessions } from "../scripts/load/ws-sessions.js";
import { measureWindow, type Transport, type WarmUp, type WindowFigures } from "./mix-driver.js";
import { poolWindow } from "./pool-scaling.js";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    seconds: { type: "string" },
    sessions: { type: "string" },
  },
});
const positive = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} must be a positive number, got '${raw}'`);
    process.exit(2);
  }
  return n;
};
const seconds = positive("seconds", values.seconds, values.quick ? 2 : 5);
const warmUp = values.quick ? 1 : 2;
// Windows that compare worker counts begin once V8 has compiled what the load runs (bench/settle.ts): a
// fresh worker's compiler threads would otherwise take the core a second worker needs.
const settled = (maxSeconds: number) => ({ minSeconds: warmUp, maxSeconds: values.quick ? maxSeconds / 3 : maxSeconds, coresPerBusy: 0.15 });
const sessions = Math.round(positive("sessions", values.sessions, values.quick ? 500 : 1000));
const CLIENTS = [1, 32, 256] as const;

const f = (x: number, digits = 0): string => (Number.isFinite(x) ? x.toFixed(digits) : "n/a");
const row = (label: string, w: WindowFigures): string =>
  `${label.padEnd(22)} ${f(w.stepsPerSecond).padStart(7)} steps/s ${f(w.cpuMsPerStep, 3).padStart(7)} CPU ms/step  p50 ${f(w.p50, 1).padStart(6)} ms  p99 ${f(w.p99, 1).padStart(6)} ms  client CPU ${f(w.clientCpuShare * 100).padStart(3)}%${w.errors > 0 ? `  ${w.errors} errors (${w.firstProblem})` : ""}`;

const failures: string[] = [];
const servers: ServerProcess[] = [];
try {
  const [echo, one, two] = await Promise.all([
    startServerProcess({ entry: "bench/echo-server.ts" }),
    startServerProcess({ env: { WORKERS: "1", MAX_SESSIONS: String(Math.max(1024, sessions + 300)) } }),
    startServerProcess({ env: { WORKERS: "2", MAX_SESSIONS: "1024" } }),
  ]);
  servers.push(echo, one, two);
  console.log(`bench:servers: ${seconds} s windows after ${warmUp} s warm-up, echo vs breakfix WORKERS=1 (and WORKERS=2), node ${process.version}\n`);
  // Each worker plays every scenario once before anything is measured (its first episode compiles its code).
  for (const [server, workers] of [[one, 1], [two, 2]] as const) {
    const warm = await runWsSessions(server, PLANS * workers);
    if (warm.errors > 0 || warm.crossTalk > 0) failures.push(`warm-up: ${warm.errors} errors, ${warm.crossTalk} with cross-talk; first: ${warm.firstProblem}`);
  }

  const measured = async (label: string, server: ServerProcess, transport: Transport, clients: number, mix: Mix = "all", warm: WarmUp = warmUp): Promise<WindowFigures> => {
    const w = await measureWindow(server.url, server.pid, transport, clients, seconds, warm, mix);
    if (w.errors > 0) failures.push(`${label}: ${w.errors} errors; first: ${w.firstProblem}`);
    console.log(row(label, w));
    return w;
  };
  const ratios: string[] = [];
  for (const transport of ["rest", "ws"] as const) {
    for (const clients of CLIENTS) {
      const e = await measured(`echo ${transport} x${clients}`, echo, transport, clients);
      const b = await measured(`breakfix ${transport} x${clients}`, one, transport, clients);
      ratios.push(
        `  ${`${transport} x${clients}`.padEnd(10)} breakfix/echo steps/s ${f(b.stepsPerSecond / e.stepsPerSecond, 3).padStart(6)}   CPU per step ${f(b.cpuMsPerStep / e.cpuMsPerStep, 1).padStart(6)}x`,
      );
    }
  }
  // The mix the first figures were taken on: the Dockerfile, workflow and manifest scenarios, hosts left out.
  console.log(`\nthe delivery mix (${plansOf("delivery")} scenarios, the simulated hosts left out), 32 clients`);
  for (const transport of ["rest", "ws"] as const) {
    const e = await measured(`echo ${transport} x32`, echo, transport, 32, "delivery");
    const b = await measured(`breakfix ${transport} x32`, one, transport, 32, "delivery");
    ratios.push(
      `  ${`${transport} x32 delivery`.padEnd(10)} breakfix/echo steps/s ${f(b.stepsPerSecond / e.stepsPerSecond, 3).padStart(6)}   CPU per step ${f(b.cpuMsPerStep / e.cpuMsPerStep, 1).padStart(6)}x`,
    );
  }
  console.log("");
  const w1 = await measured("WORKERS=1 ws x32", one, "ws", 32, "all", { settle: settled(45), busy: 1 });
  const w2 = await measured("WORKERS=2 ws x32", two, "ws", 32, "all", { settle: settled(45), busy: 2 });

  // The pool alone, driven from this process: what the workers scale to once the clients and the HTTP
  // thread do not take the cores (on a 2-core machine they take one between them).
  console.log(`\nthe episode pool alone (no HTTP, 16 episodes at once): operations/s and this process's CPU ms per operation`);
  const pooled: string[] = [];
  for (const mix of ["delivery", "generated"] as const) {
    const limits = settled(mix === "generated" ? 90 : 20);
    const [p1, p2] = [await poolWindow(1, mix, 16, seconds, limits), await poolWindow(2, mix, 16, seconds, limits)];
    for (const p of [p1, p2]) {
      if (p.errors > 0) failures.push(`pool ${mix} x${p.workers}: ${p.errors} errors`);
      const warm = `after ${f(p.warmUp.seconds)} s warm-up (V8 background threads ${f(p.warmUp.backgroundCores, 2)} cores${p.warmUp.settled ? "" : ", not settled"})`;
      console.log(`${`pool ${mix} WORKERS=${p.workers}`.padEnd(26)} ${f(p.perSecond).padStart(7)} ops/s ${f(p.cpuMsPerOp, 3).padStart(8)} CPU ms/op  ${warm}`);
    }
    pooled.push(`  pool ${mix} WORKERS=2 / WORKERS=1 ops/s  ${f(p2.perSecond / p1.perSecond, 2)}`);
  }

  // A server of its own for memory: one whose heap the windows above grew has room for the sessions already,
  // and its RSS would not move. Warmed with every scenario first, so loading code is not counted as sessions.
  const lean = await startServerProcess({ env: { WORKERS: "1", MAX_SESSIONS: String(Math.max(1024, sessions + 300)) } });
  servers.push(lean);
  await runWsSessions(lean, PLANS);
  const report = await runWsSessions(lean, sessions);
  if (report.errors > 0 || report.crossTalk > 0) failures.push(`sessions: ${report.errors} errors, ${report.crossTalk} with cross-talk; first: ${report.firstProblem}`);
  console.log(
    `\n${sessions} live WebSocket sessions (WORKERS=1): RSS ${f(report.rssBeforeMiB, 1)} MiB before, peak ${f(report.rssPeakMiB, 1)} MiB: ` +
      `${f((report.kibPerSession * 1000) / 1024, 1)} MiB per 1,000 sessions (an upper bound)`,
  );

  console.log("\nratios (breakfix WORKERS=1 against the echo server, same clients, same run)");
  for (const line of ratios) console.log(line);
  console.log(`  WORKERS=2 / WORKERS=1 steps/s (ws x32)  ${f(w2.stepsPerSecond / w1.stepsPerSecond, 2)}  (the machine's free cores bound it)`);
  for (const line of pooled) console.log(line);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  for (const server of servers) {
    await server.stop();
    const errors = server.errorLines();
    if (errors.length > 0) failures.push(`a server logged ${errors.length} errors, first: ${errors[0]!.slice(0, 300)}`);
  }
}
if (failures.length > 0) {
  console.log(`\nbench:servers: FAILED\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
}
