/**
 * A redis-server of its own for a fleet under test: on a free 127.0.0.1 port, with its data directory in a
 * fresh temporary directory, never the system's service. `persistent` keeps every write in an append-only
 * file synced at once (as the StatefulSet in deploy/kubernetes does), so a restart finds the episodes it
 * held; without it a restart comes back empty. Killed and restarted on the same port and directory, so the
 * replicas' clients reconnect by themselves.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, requireTool, until } from "./tools.js";

export interface RedisProcess {
  /** redis://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Kills the server (SIGKILL unless told: a crash, nothing flushed beyond what was synced). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and data directory; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Kills it and removes its directory. */
  stop(): Promise<void>;
  output(): string;
}

export async function startRedis(options: { persistent?: boolean } = {}): Promise<RedisProcess> {
  const binary = requireTool("redis-server");
  const dir = mkdtempSync(path.join(tmpdir(), "breakfix-redis-"));
  const port = await freePort();
  const args = [
    "--port", String(port),
    "--bind", "127.0.0.1",
    "--dir", dir,
    "--save", "",
    "--appendonly", options.persistent ? "yes" : "no",
    "--appendfsync", "always",
    "--daemonize", "no",
    "--logfile", "",
  ];
  let child: ChildProcess | undefined;
  let output = "";
  const start = async (): Promise<void> => {
    const launched = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    child = launched;
    let mine = "";
    const collect = (chunk: Buffer): void => {
      mine += chunk;
      output += chunk;
    };
    launched.stdout!.on("data", collect);
    launched.stderr!.on("data", collect);
    await until(() => {
      if (launched.exitCode !== null) throw new Error(`redis-server exited:\n${mine}`);
      return mine.includes("Ready to accept connections");
    }, "redis-server did not become ready");
  };
  const kill = async (signal: NodeJS.Signals = "SIGKILL"): Promise<void> => {
    const running = child;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill(signal);
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
