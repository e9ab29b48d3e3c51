/**
 * The programs a fleet runs beside breakfix, from Debian (`apt-get install redis-server nginx`; .ci/run
 * installs them): found on PATH (or in /usr/sbin, where Debian puts nginx), and a free loopback port for
 * each. A missing program fails the fleet tests loudly, with the command that installs it; only a developer
 * who sets BREAKFIX_SKIP_FLEET=1 (and never CI) skips them instead.
 */
import { accessSync, constants } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export type FleetTool = "redis-server" | "nginx";

/** The program's path, or null when it is not installed. */
export function findTool(name: FleetTool): string | null {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"];
  for (const dir of dirs) {
    if (dir === "") continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The program's path.
 * @throws Error naming the package to install when it is missing.
 */
export function requireTool(name: FleetTool): string {
  const found = findTool(name);
  if (found !== null) return found;
  throw new Error(`${name} is not installed: apt-get install -y ${name} (Debian), or set BREAKFIX_SKIP_FLEET=1 to skip the fleet tests on this machine`);
}

/** Whether the fleet tests are skipped: only on request, never in CI, and only when a program is missing. */
export function skipFleet(): boolean {
  if (process.env.CI === "true" || process.env.BREAKFIX_SKIP_FLEET !== "1") return false;
  const missing = (["redis-server", "nginx"] as const).filter((name) => findTool(name) === null);
  if (missing.length > 0) console.warn(`fleet tests skipped (BREAKFIX_SKIP_FLEET=1): ${missing.join(", ")} not installed`);
  return missing.length > 0;
}

/** A port free on 127.0.0.1 right now (the kernel picks it); the caller binds it at once. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until `check` holds, polling every `everyMs`, for at most `timeoutMs`. @throws Error with `what` after that. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000, everyMs = 50): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}
