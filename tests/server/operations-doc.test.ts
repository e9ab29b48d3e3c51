/**
 * The README's Operations table is the one place a deployment looks up a setting: every environment variable
 * the server reads is there with its real default, so the table cannot drift from the code.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULTS } from "../../server/options.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const operations = readme.slice(readme.indexOf("## Operations"), readme.indexOf("\n## ", readme.indexOf("## Operations") + 1));
const sources = ["../../server/options.ts", "../../server/cli/serve.ts"].map((p) => readFileSync(new URL(p, import.meta.url), "utf8")).join("\n");

/** Every `env.NAME` and `env, "NAME"` the server's settings read. */
const variablesRead = [...new Set([...sources.matchAll(/env(?:\.|, ")([A-Z][A-Z_]+)/g)].map((m) => m[1]!))].filter((name) => name !== "BREAKFIX_IN_CONTAINER");

/** The table row of a variable: `| `NAME` | default | what |`. */
const row = (name: string): string | undefined => operations.split("\n").find((line) => line.startsWith("|") && line.includes(`\`${name}\``));

describe("README Operations", () => {
  it("lists every variable the server reads", () => {
    expect(variablesRead.length).toBeGreaterThanOrEqual(10);
    for (const name of variablesRead) expect(row(name), name).toBeDefined();
  });

  it.each([
    ["MAX_SESSIONS", DEFAULTS.maxSessions],
    ["SESSION_TTL_S", DEFAULTS.sessionTtlSeconds],
    ["MAX_BODY_BYTES", DEFAULTS.maxBodyBytes],
    ["STEP_TIMEOUT_MS", DEFAULTS.stepTimeoutMs],
    ["SHUTDOWN_TIMEOUT_S", DEFAULTS.shutdownTimeoutSeconds],
    ["WS_BUFFER_BYTES", DEFAULTS.wsBufferBytes],
    ["WS_STALL_TIMEOUT_S", DEFAULTS.wsStallTimeoutSeconds],
    ["LOG_LEVEL", DEFAULTS.logLevel],
  ])("gives %s's real default", (name, value) => {
    expect(row(name)!.split("|")[2]!.trim()).toBe(String(value));
  });
});
