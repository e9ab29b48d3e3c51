/**
 * The library API (lib/index.ts) from source: each function does what its server or CLI counterpart does, and
 * bad input is a thrown error with a reason, never a silent default.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { gradeTrajectory, lint, loadCatalog, simulate, startEpisode } from "../lib/index.js";
import { main } from "../server/cli/main.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const catalog = loadCatalog();

describe("the library API", () => {
  it("simulate: a repository in memory, without a world only what the files show", () => {
    const broken = simulate({ Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\n" });
    expect(broken.diagnostics).toEqual([expect.objectContaining({ file: "Dockerfile", line: 3, code: "DF004", severity: "error" })]);
    expect(broken.error_message).toContain('"/app.py": not found');
    const fine = simulate({ Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\n", "app.py": "print('hi')\n" });
    expect(fine).toEqual({ diagnostics: [], error_message: null });
    expect(() => simulate({}, { world: { secrets: "all of them" } as never })).toThrow();
  });

  it("simulate with a scenario's world reports what the episode shows", () => {
    const scenario = catalog.scenario("typo_filename")!;
    const { error_message } = simulate(scenario.files, { world: scenario.world });
    expect(error_message).toBe(startEpisode({ scenario_id: scenario.id }).observe().observation.error_message);
  });

  it("lint: the same diagnostics as `breakfix lint --format json`", async () => {
    let stdout = "";
    await main(["lint", "--format", "json", "Dockerfile"], { stdout: (t) => void (stdout += t), stderr: () => undefined, env: {}, cwd: ROOT });
    expect(lint(["Dockerfile"], { cwd: ROOT })).toEqual(JSON.parse(stdout));
    expect(() => lint(["no-such-file"], { cwd: ROOT })).toThrow("no-such-file: no such file or directory");
  });

  it("startEpisode and gradeTrajectory: an episode as /reset starts it, graded as /grader grades it", () => {
    const scenario = catalog.scenarios[5]!;
    const episode = startEpisode({ scenario_id: scenario.id }, "lib-1");
    let last = episode.observe();
    for (const action of scenario.solution) last = episode.step(action);
    expect(last.done).toBe(true);
    expect(episode.state()).toMatchObject({ episode_id: "lib-1", done: true });
    expect(gradeTrajectory(scenario.id, episode.state().actions).breakdown).toEqual(last.observation.score_breakdown);
  });

  it("refuses an unknown reset field, an unknown scenario and a malformed action", () => {
    expect(() => startEpisode({ task: "dockerfile_syntax" } as never)).toThrow(/task/);
    expect(() => startEpisode({ scenario_id: "nope" })).toThrow("unknown scenario_id 'nope'");
    expect(() => gradeTrajectory("nope", [])).toThrow("unknown scenario 'nope'");
    expect(() => gradeTrajectory("typo_filename", [{ action_type: "rm -rf" }])).toThrow();
  });

  it("an episode's step refuses what is not an action, naming what is wrong, and counts nothing", () => {
    const episode = startEpisode({ scenario_id: "typo_filename" });
    expect(() => episode.step({ action_type: "write_file", file_path: "Dockerfile", content: "FROM scratch\n" } as never)).toThrow(/action_type/);
    expect(() => episode.step({ action_type: "edit_file" } as never)).toThrow(/edits/);
    expect(episode.state()).toMatchObject({ step_count: 0, actions: [] });
    expect(episode.step({ action_type: "request_hint" }).observation.hints_used).toBe(1);
  });
});
