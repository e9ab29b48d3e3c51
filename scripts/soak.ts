/**
 * `npm run soak`: mixed HTTP episodes against a server process on 127.0.0.1 for a bounded time, with its
 * resident memory sampled as it runs. The session store is kept small (MAX_SESSIONS) so that it is full
 * well before the warm-up ends: from then on every new episode evicts an old one, and memory must stay flat.
 * The server's V8 heaps (main thread and workers) are capped at `--heap-mib`: left alone, V8 grows its heap
 * for minutes before it collects in earnest, which a short run cannot tell from a leak; under the cap it
 * must collect, so what stays is what the server holds (and a leak ends in the server running out of heap).
 *
 *   npm run soak
 *   npm run soak -- --seconds 600 --sample 30 --warm-up 120 --clients 16
 *   npm run soak -- --dist   # the build in dist/ (npm run build first) instead of the TypeScript sources
 *
 * Exits 1 when an invariant breaks: resident memory growing more than `--max-growth` percent after the
 * warm-up (the median of the last third of the samples against that of the first third), an answer other than a 200 about the episode asked for (a
 * 5xx above all), an error logged by the server, or a server that stops before it is told to.
 */
import { parseArgs } from "node:util";
import { soak } from "./load/http-soak.js";
import { startServerProcess } from "./load/server-process.js";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "75" },
    sample: { type: "string", default: "5" },
    "warm-up": { type: "string", default: "30" },
    clients: { type: "string", default: "8" },
    "max-sessions": { type: "string", default: "32" },
    "max-growth": { type: "string", default: "10" },
    "heap-mib": { type: "string", default: "128" },
    workers: { type: "string" },
    dist: { type: "boolean", default: false },
  },
});
const number = (name: string, raw: string, min: number): number => {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number of at least ${min}, got '${raw}'`);
    process.exit(2);
  }
  return n;
};
const seconds = number("seconds", values.seconds, 1);
const sampleSeconds = number("sample", values.sample, 1);
const warmUpSeconds = number("warm-up", values["warm-up"], 0);
const clients = Math.floor(number("clients", values.clients, 1));
const maxSessions = Math.floor(number("max-sessions", values["max-sessions"], 1));
const maxGrowth = number("max-growth", values["max-growth"], 0) / 100;
const heapMib = Math.floor(number("heap-mib", values["heap-mib"], 16));
if (warmUpSeconds + 3 * sampleSeconds > seconds) {
  console.error("--seconds must leave room for three samples after the warm-up");
  process.exit(2);
}

const server = await startServerProcess({
  build: values.dist ? "dist" : "source",
  env: {
    MAX_SESSIONS: String(maxSessions),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=${heapMib}`.trim(),
    ...(values.workers === undefined ? {} : { WORKERS: values.workers }),
  },
});
const failures: string[] = [];
try {
  console.log(
    `soak: ${clients} HTTP clients for ${seconds} s (MAX_SESSIONS=${maxSessions}, WORKERS=${values.workers ?? "default"}, heaps capped at ${heapMib} MiB), ` +
      `RSS every ${sampleSeconds} s, warm-up ${warmUpSeconds} s, growth bound ${maxGrowth * 100}%`,
  );
  const report = await soak(server, {
    seconds,
    sampleSeconds,
    warmUpSeconds,
    clients,
    onSample: (s) => console.log(`  ${String(s.seconds).padStart(5)} s  RSS ${s.rssMiB.toFixed(1).padStart(7)} MiB  ${s.requests} requests`),
  });
  const mib = (x: number): string => `${x.toFixed(1)} MiB`;
  console.log(
    `RSS ${mib(report.rssIdleMiB)} idle, ${mib(report.rssStartMiB)} at the start (one episode per client played), ` +
      `${mib(report.rssSteadyMiB)} after the warm-up, ${mib(report.rssEndMiB)} at the end (each the median of a third of the samples; ` +
      `peak ${mib(report.rssPeakMiB)}): growth after the warm-up ${(report.growth * 100).toFixed(1)}%`,
  );
  console.log(
    `${report.requests} requests (${(report.requests / seconds).toFixed(0)}/s), ${report.episodes} episodes; ` +
      `${report.serverErrors} 5xx, ${report.wrongAnswers} other wrong answers, ${report.failedRequests} failed requests`,
  );
  if (report.growth > maxGrowth) failures.push(`RSS grew ${(report.growth * 100).toFixed(1)}% after the warm-up (bound ${maxGrowth * 100}%)`);
  if (report.serverErrors + report.wrongAnswers + report.failedRequests > 0) failures.push(`wrong answers; first: ${report.firstProblem}`);
  if (!server.running()) failures.push(`the server stopped on its own (${JSON.stringify(await server.exited)})`);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  const exit = await server.stop();
  if (exit.code !== 0 && exit.signal === null) failures.push(`the server exited with code ${exit.code} on SIGTERM`);
  const errors = server.errorLines();
  if (errors.length > 0) failures.push(`the server logged ${errors.length} errors, first: ${errors[0]!.slice(0, 300)}`);
}
if (failures.length === 0) console.log("soak: every invariant held");
else {
  console.log(`soak: FAILED\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
}
