/**
 * The LLM runner end to end against a fake OpenAI-compatible server: scripted replies (prose, broken JSON, a
 * failing action, the fix, a 429 and a 500) and the [START]/[STEP]/[END] lines and scores they must give.
 */
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseLogLine } from "../../baseline/llm/log-lines.js";
import { gradeTrajectory } from "../../graders/grade.js";
import { main } from "../../server/cli/main.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { testApp } from "../server/helpers.js";
import { fakeOpenAI, type FakeOpenAI, type Scripted } from "./fake-openai.js";

const SCENARIO = "typo_filename";
const FIX = { action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "COPY requirments.txt .", new_content: "COPY requirements.txt ." }] };
const MISS = { action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "COPY nothing-like-this", new_content: "x" }] };

let fake: FakeOpenAI | undefined;
let server: ServerType | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function run(args: string[], script: Scripted[], env: Record<string, string> = {}) {
  fake = await fakeOpenAI(script);
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["inference", ...args], {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: { API_BASE_URL: fake.url, MODEL_NAME: "fake-model", OPENAI_API_KEY: "sk-test", ...env },
    cwd: process.cwd(),
  });
  const lines = out.join("").split("\n").filter(Boolean);
  return { code, lines, parsed: lines.map((l) => parseLogLine(l)), stderr: err.join("") };
}

describe("breakfix inference against a fake OpenAI-compatible API", () => {
  it("survives prose, broken JSON and a failing action, then fixes the scenario", async () => {
    const { code, lines, parsed, stderr } = await run(
      ["--scenario", SCENARIO],
      [
        "The COPY line looks misspelt; I would rename the file.",
        '{"action_type": "edit_file", "edits": [{"file_path": "Dockerfile",',
        JSON.stringify(MISS),
        `Here is the fix:\n\`\`\`json\n${JSON.stringify(FIX)}\n\`\`\``,
      ],
    );
    expect(code).toBe(0);
    // Every line is a tag and one JSON payload.
    expect(parsed.every((p) => p !== null)).toBe(true);
    expect(parsed.map((p) => p!.tag)).toEqual(["START", "STEP", "STEP", "STEP", "STEP", "END"]);
    expect(parsed[0]!.payload).toMatchObject({ episode: 1, scenario_id: SCENARIO, task_id: "dockerfile_syntax", model: "fake-model", max_steps: 10 });

    const steps = parsed.slice(1, 5).map((p) => p!.payload);
    expect(steps[0]).toMatchObject({ step: 1, action: null, reward: 0, done: false });
    expect(steps[0]!.error).toMatch(/no JSON object \(prose only/);
    expect(steps[1]).toMatchObject({ step: 2, action: null, done: false });
    expect(steps[1]!.error).toMatch(/JSON does not parse/);
    expect(steps[2]).toMatchObject({ step: 3, action: MISS, reward: -0.02, done: false });
    expect(steps[2]!.error).toMatch(/old_content/);
    expect(steps[3]).toMatchObject({ step: 4, action: FIX, reward: 0.3, done: true, error: null, issues_fixed: 1 });

    // The score is the grader's, by replay of the two actions the engine saw.
    const catalog = loadCatalog();
    const scenario = catalog.scenario(SCENARIO)!;
    const expected = gradeTrajectory(catalog, scenario, [MISS, FIX] as never).breakdown.score;
    expect(parsed[5]!.payload).toMatchObject({
      episode: 1,
      scenario_id: SCENARIO,
      success: true,
      score: expected,
      steps: 2,
      issues_fixed: 1,
      issues_total: 1,
      failed_actions: 1,
      invalid_replies: 2,
      rewards: [0, 0, -0.02, 0.3],
      error: null,
    });
    expect(stderr).toContain("mean score");
    expect(lines.join("\n")).not.toContain("    at ");

    // The model saw the engine's and the parser's complaints on the following turns.
    const prompts = fake!.requests.map((r) => r.messages.at(-1)!.content);
    expect(prompts[1]).toContain("no usable action");
    expect(prompts[3]).toContain("Your last action FAILED");
    expect(fake!.requests[0]!.authorization).toBe("Bearer sk-test");
  });

  it("retries 429 and 5xx answers with backoff, then goes on", async () => {
    const { code, parsed } = await run(["--scenario", SCENARIO], [{ status: 429 }, { status: 503 }, JSON.stringify(FIX)]);
    expect(code).toBe(0);
    expect(fake!.requests).toHaveLength(3);
    expect(parsed.at(-1)!.payload).toMatchObject({ success: true, steps: 1, error: null });
  });

  it("an API that stays down ends the episode with a clear error, not a crash (exit 1)", async () => {
    const { code, parsed, stderr } = await run(["--scenario", SCENARIO, "--max-retries", "1"], [{ status: 500 }, { status: 500 }]);
    expect(code).toBe(1);
    const end = parsed.at(-1)!;
    expect(end.tag).toBe("END");
    expect(end.payload.error).toMatch(/500/);
    expect(end.payload.score).toBe(0.05);
    expect(stderr).toContain("stopped early");
  });

  it("a model that never answers with an action uses its turns and is submitted at max_steps", async () => {
    const { code, parsed } = await run(["--scenario", SCENARIO], Array<string>(12).fill("I am not sure."));
    expect(code).toBe(0);
    const steps = parsed.filter((p) => p!.tag === "STEP").map((p) => p!.payload);
    expect(steps).toHaveLength(11);
    expect(steps.at(-1)).toMatchObject({ step: 11, action: { action_type: "submit" }, done: true });
    expect(parsed.at(-1)!.payload).toMatchObject({ invalid_replies: 10, steps: 1, score: 0.05 });
  });

  it("plays several episodes concurrently by seed, each line tagged with its episode", async () => {
    const { code, parsed } = await run(["--task", "dockerfile_syntax", "--episodes", "3", "--concurrency", "2", "--seed", "5"], []);
    expect(code).toBe(0);
    const ends = parsed.filter((p) => p!.tag === "END").map((p) => p!.payload);
    expect(ends.map((e) => e.episode).sort()).toEqual([1, 2, 3]);
    const starts = parsed.filter((p) => p!.tag === "START").map((p) => p!.payload);
    expect(new Set(starts.map((s) => s.task_id))).toEqual(new Set(["dockerfile_syntax"]));
  });

  it("plays against a breakfix server over HTTP with --url", async () => {
    const app = testApp();
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    const { code, parsed } = await run(["--scenario", SCENARIO, "--url", `http://127.0.0.1:${port}`], [JSON.stringify(FIX)]);
    expect(code).toBe(0);
    expect(parsed[0]!.payload.episode_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed.at(-1)!.payload).toMatchObject({ success: true, score: 0.9, steps: 1 });
    app.context.sessions.dispose();
  });

  it.each([
    [{ OPENAI_API_KEY: "", HF_TOKEN: "" }, /missing HF_TOKEN or OPENAI_API_KEY/],
    [{ MODEL_NAME: "" }, /missing MODEL_NAME/],
    [{ API_BASE_URL: "not a url" }, /API_BASE_URL is not a URL/],
  ])("exit 2 with a clear message for settings %j", async (env, message) => {
    const { code, lines, stderr } = await run(["--scenario", SCENARIO], [], env);
    expect(code).toBe(2);
    expect(lines).toEqual([]);
    expect(stderr).toMatch(message);
    expect(stderr).not.toContain("    at ");
  });

  it("exit 2 for bad flags and unknown ids", async () => {
    expect((await run(["--episodes", "0"], [])).code).toBe(2);
    expect((await run(["--scenario", "no_such_scenario"], [])).stderr).toContain("unknown scenario");
    expect((await run(["--url", "ftp://x"], [])).code).toBe(2);
    expect((await run(["--bogus"], [])).code).toBe(2);
  });
});
