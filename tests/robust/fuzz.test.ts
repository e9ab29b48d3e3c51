/**
 * A bounded fuzz of the real server: the fuzzer's generators (scripts/fuzz/), a fixed seed, a couple of
 * thousand inputs to every HTTP endpoint, every /ws frame type and every MCP method, malformed, huge, deep,
 * wrong-typed and hostile. No 5xx, no malformed answer, no hang, no error escaping to the process, nothing
 * logged as unexpected, and the server healthy after. `npm run fuzz` runs the same at 100,000.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzCases } from "../../scripts/fuzz/cases.js";
import { drive } from "../../scripts/fuzz/drive.js";
import { newTally, record, report } from "../../scripts/fuzz/tally.js";
import { liveServer, type LiveServer } from "../server/live.js";

const CASES = 2_000;
const CONCURRENCY = 4;

describe("fuzzing every endpoint, frame type and MCP method", () => {
  let server: LiveServer;
  const escaped: unknown[] = [];
  const onEscape = (error: unknown): void => void escaped.push(error);

  beforeAll(async () => {
    server = await liveServer({ maxSessions: 4096 });
    process.on("uncaughtException", onEscape);
    process.on("unhandledRejection", onEscape);
  });
  afterAll(async () => {
    process.off("uncaughtException", onEscape);
    process.off("unhandledRejection", onEscape);
    await server.close();
  });

  it(`${CASES} hostile inputs: no 5xx, every answer well formed, nothing escapes, still healthy`, async () => {
    const tally = newTally();
    const cases = fuzzCases(CASES, 20_250_601);
    const worker = async (): Promise<void> => {
      for (let next = cases.next(); !next.done; next = cases.next()) record(tally, await drive(server.url, next.value));
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const summary = report(tally);

    expect(tally.cases, summary).toBe(CASES);
    expect([...tally.problems.keys()], summary).toEqual([]);
    expect(tally.fiveHundreds, summary).toBe(0);
    expect(tally.hangs, summary).toBe(0);
    // An action answered "not checkable" is handled, but it means a simulator threw: a bug to fix.
    expect([...tally.internalErrors.keys()], summary).toEqual([]);
    expect(escaped).toEqual([]);
    expect(server.app.logged).toEqual([]);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    // The generators reach past validation: episodes started, steps applied, tools called, frames answered.
    for (const label of ["POST /reset 200", "POST /step 200", "POST /step 422", "POST /mcp 200", "POST /grader 200", "ws observation", "ws error VALIDATION_ERROR", "ws error INVALID_JSON", "ws mcp"]) {
      expect(tally.byLabel.get(label) ?? 0, `${label}\n${summary}`).toBeGreaterThan(0);
    }
  }, 300_000);
});
