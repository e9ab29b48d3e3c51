/**
 * Browser tests' set-up: Debian's chromium (never a downloaded browser) driven by playwright-core, on a fresh
 * profile, against a real breakfix server on 127.0.0.1 port 0 serving the freshly built pages. When no
 * chromium binary exists the suites skip, and say why in their names.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { buildWeb } from "../../scripts/build-web.js";
import { createApp } from "../../server/app.js";
import { startServer, type RunningServer } from "../../server/listen.js";

/** The chromium binary: /usr/bin/chromium, else whatever `chromium` is on PATH; null when there is none. */
export const CHROMIUM: string | null = findChromium();

export const SKIP_REASON = "skipped: no chromium binary (/usr/bin/chromium or chromium on PATH); install it with `apt-get install -y chromium`";

function findChromium(): string | null {
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  try {
    const found = execFileSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" }).trim();
    return found === "" ? null : found;
  } catch {
    return null;
  }
}

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface BrowserRig {
  server: RunningServer;
  context: BrowserContext;
  /** A new page at 1280x800 whose console errors and failed requests are collected in `problems`. */
  page(viewport?: { width: number; height: number }): Promise<Page & { problems: string[] }>;
  close(): Promise<void>;
}

/** Builds the pages, starts a server and a browser on a fresh profile (its own --user-data-dir). */
export async function startRig(): Promise<BrowserRig> {
  if (CHROMIUM === null) throw new Error(SKIP_REASON);
  await buildWeb();
  const server = await startServer(createApp({ sweepIntervalMs: 0, logLevel: "silent", workers: 0 }, {}), { port: 0, host: "127.0.0.1" });
  const profile = mkdtempSync(path.join(os.tmpdir(), "breakfix-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 1280, height: 800 },
      timeout: 30_000,
    });
  } catch (error) {
    await server.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  return {
    server,
    context,
    async page(viewport = { width: 1280, height: 800 }) {
      const page = Object.assign(await context.newPage(), { problems: [] as string[] });
      await page.setViewportSize(viewport);
      page.on("console", (message) => {
        if (message.type() === "error") page.problems.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => page.problems.push(`page error: ${error.message}`));
      page.on("requestfailed", (request) => page.problems.push(`request failed: ${request.url()}`));
      return page;
    },
    async close() {
      await context.close().catch(() => {});
      await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
