/**
 * A breakfix server in a child process on 127.0.0.1 and a free port, for the load and soak scripts and the
 * tests that need a real process (signals, memory): started from the TypeScript sources, from the build in
 * dist/, or from another entry that calls runServe; its stdout/stderr kept, its memory read from /proc
 * (Linux), stopped by signal.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Whether the process is still running (it has neither exited nor been killed). */
  running(): boolean;
  /** Everything the process printed so far. */
  output(): string;
  /** The log lines at level error or fatal printed so far (each a request or task that failed on the server's side). */
  errorLines(): string[];
  /** Resident memory now, and its peak so far, in bytes (the process and all its threads). */
  memory(): { rss: number; peak: number };
  /** Sends a signal; resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

export interface ServerProcessOptions {
  /** Environment on top of this process's (WORKERS, LOG_LEVEL, ...). LOG_LEVEL defaults to warn. */
  env?: Record<string, string>;
  /** The build in dist/ (as production runs it: `npm run build` first), or the TypeScript sources (the default). */
  build?: "dist" | "source";
  /** A TypeScript script to run instead of `breakfix serve` (it must print "listening on <url>"). */
  entry?: string;
  /** How long to wait for "listening on". */
  startTimeoutMs?: number;
}

/** Starts the server and resolves once it listens. */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  if (options.build === "dist" && !existsSync(path.join(ROOT, "dist/server/bin.js"))) throw new Error("no build in dist/: run `npm run build` first");
  const args =
    options.entry !== undefined
      ? ["--import", "tsx", options.entry]
      : options.build === "dist"
        ? ["dist/server/bin.js", "serve"]
        : ["--import", "tsx", "server/bin.ts", "serve"];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...options.env, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${options.startTimeoutMs ?? 60_000} ms:\n${output}`)), options.startTimeoutMs ?? 60_000);
    const look = (): void => {
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found === null) return;
      clearTimeout(timer);
      child.stdout!.off("data", look);
      resolve(found[1]!);
    };
    child.stdout!.on("data", look);
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    child,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    errorLines: () => output.split("\n").filter((line) => /"level":"(error|fatal)"/.test(line)),
    memory: () => memoryOf(child.pid!),
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** VmRSS and VmHWM of a process, from /proc. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib("VmRSS"), peak: kib("VmHWM") };
}

export const MiB = 1024 * 1024;
