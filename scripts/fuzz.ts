/**
 * `npm run fuzz -- [--count N] [--seed S] [--concurrency C]`: the suite's fuzz generators at scale against a
 * real server. Starts `breakfix serve` on 127.0.0.1:0 in a child process, sends N cases (default 100,000)
 * from C concurrent clients (default 8), and reports answers by kind, 5xx, crashes (the server process
 * exiting) and servers stuck (no answer within 15 s), each restarted so the run goes on, hangs (an answer
 * over 5 s), the slowest answers with what was sent, the worst single answer and
 * the p50/p99 latency, the errors the server logged, its RSS, and whether /health still answers at the end.
 * Exits 1 when anything was wrong.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { fuzzCases } from "./fuzz/cases.js";
import { drive } from "./fuzz/drive.js";
import { newTally, record, report } from "./fuzz/tally.js";

const root = fileURLToPath(new URL("..", import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** Starts `breakfix serve` and resolves once it says where it listens. */
function startServer(logged: string[]): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/bin.ts", "serve", "--port", "0", "--host", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, MAX_SESSIONS: "4096", SESSION_TTL_S: "60" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // However this script ends, the server it started ends with it.
  const stop = (): void => void child.kill("SIGKILL");
  process.once("exit", stop);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      process.off("exit", stop);
      resolve(code);
    }),
  );
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => logged.push(...chunk.split("\n").filter((l) => l.trim() !== "")));
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(seen);
      if (match) {
        child.stdout!.off("data", onData);
        child.stdout!.resume();
        resolve({ child, url: match[0], exited });
      }
    };
    child.stdout!.on("data", onData);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening: ${logged.slice(-5).join("\n")}`)));
  });
}

function rssMb(pid: number | undefined): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return `${(kb / 1024).toFixed(0)} MB`;
  } catch {
    return "unknown";
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { count: { type: "string" }, seed: { type: "string" }, concurrency: { type: "string" } } });
  const count = Number(values.count ?? 100_000);
  const seed = Number(values.seed ?? 1);
  const concurrency = Number(values.concurrency ?? 8);
  const logged: string[] = [];
  let server = await startServer(logged);
  let crashes = 0;
  let stuck = 0;
  let closing = false;
  const endedByUs = new WeakSet<Server>();
  let restarting: Promise<void> | null = null;
  // A server this script did not end crashed; either way the run goes on with a fresh one.
  const watch = (s: Server): void =>
    void s.exited.then(() => {
      if (endedByUs.has(s) || closing) return;
      crashes++;
      void restart();
    });
  const restart = (stuckOne?: Server): Promise<void> => {
    restarting ??= (async () => {
      if (stuckOne !== undefined) {
        endedByUs.add(stuckOne);
        stuckOne.child.kill("SIGKILL");
        await stuckOne.exited;
      }
      server = await startServer(logged);
      watch(server);
      restarting = null;
    })();
    return restarting;
  };
  watch(server);

  const tally = newTally();
  const cases = fuzzCases(count, seed);
  const started = Date.now();
  let sent = 0;
  const worker = async (): Promise<void> => {
    for (let next = cases.next(); !next.done; next = cases.next()) {
      if (restarting) await restarting;
      const target = server;
      const fuzz = next.value;
      const answers = await drive(target.url, fuzz);
      record(tally, answers, () => JSON.stringify(fuzz));
      // A server that stopped answering is stuck: end it and go on with a fresh one, counting it.
      if (answers.some((a) => a.problem?.startsWith("no answer within") === true) && target === server && !endedByUs.has(target)) {
        stuck++;
        await restart(target);
      }
      if (++sent % 5000 === 0) process.stderr.write(`fuzz: ${sent}/${count} cases, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (restarting) await restarting;
  closing = true;

  const healthy = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(5000) })
    .then((r) => r.status === 200)
    .catch(() => false);
  const rss = rssMb(server.child.pid);
  server.child.kill("SIGTERM");
  await Promise.race([server.exited, new Promise((r) => setTimeout(r, 15_000))]);

  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(
    `${report(tally, {
      seed,
      concurrency,
      "wall time": `${seconds.toFixed(0)} s (${(tally.cases / seconds).toFixed(0)} cases/s)`,
      crashes,
      "servers ended for being stuck": stuck,
      "healthy after": healthy ? "yes" : "NO",
      "server RSS at the end": rss,
      "lines the server logged on stderr": logged.length,
    })}\n`,
  );
  if (logged.length > 0) process.stdout.write(`first logged lines:\n${logged.slice(0, 10).join("\n")}\n`);
  const clean = tally.fiveHundreds === 0 && tally.hangs === 0 && tally.internalActions === 0 && tally.problems.size === 0 && crashes === 0 && stuck === 0 && healthy;
  return clean ? 0 : 1;
}

process.exitCode = await main();
