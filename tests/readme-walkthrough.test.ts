/**
 * The README's curl walkthrough runs as written: its commands are read from README.md and run with the real
 * curl against a real server on a loopback port.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../server/app.js";

function walkthroughCommands(): string[] {
  const readme = fs.readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const section = readme.split("## One episode with curl")[1]!.split("\n## ")[0]!;
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

let server: ServerType;
let base: string;
let app: ReturnType<typeof createApp>;

// As `breakfix serve` does, the workers load before anything connects (slow under tsx on a loaded machine).
beforeAll(async () => {
  app = createApp({}, {});
  await app.context.pool.warmUp();
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.context.pool.close();
});

describe("README walkthrough", () => {
  it("runs as written and fixes the scenario in one step", async () => {
    const commands = walkthroughCommands();
    expect(commands).toHaveLength(4);
    const answers: Array<Record<string, any>> = [];
    // One after another, asynchronously: the server answering curl runs on this same event loop.
    for (const command of commands) {
      expect(command).toContain("http://localhost:8000");
      const { stdout } = await promisify(execFile)("bash", ["-c", command.replaceAll("http://localhost:8000", base)], { encoding: "utf8" });
      answers.push(JSON.parse(stdout) as Record<string, any>);
    }
    const [reset, state, step, final] = answers as [any, any, any, any];
    expect(reset.observation.error_message).toContain('"/requirments.txt": not found');
    // Step 2 reads the error again from the state, which carries the observation.
    expect(state).toMatchObject({ scenario_id: "typo_filename", step_count: 0, done: false, score: null });
    expect(state.error_message).toBe(reset.observation.error_message);
    expect(step).toMatchObject({ reward: 0.3, done: true });
    expect(step.observation).toMatchObject({ issues_fixed: 1, score: 0.9 });
    // Step 4: the finished episode's state has the score and its breakdown.
    expect(final).toMatchObject({ done: true, score: 0.9, error_message: null, score_breakdown: { score: 0.9, solved: true, issues_fixed: 1 } });
  });
});
