/** The episode engine: selection, rewards, hints, done rules, and nothing hidden in observations. */
import { startJudgedEpisode } from "../../graders/episodes.js";
import { describe, expect, it } from "vitest";
import { Episode, EpisodeDoneError, ResetError } from "../../environment/episode.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const start = (request: Parameters<typeof Episode.start>[1]) => startJudgedEpisode(catalog, request, "test-episode");

describe("reset", () => {
  it("chooses by scenario id, by task and seed, or from everything by seed", () => {
    expect(start({ scenario_id: "typo_filename" }).scenario.id).toBe("typo_filename");
    expect(start({ task_id: "dockerfile_runtime", seed: 3 }).scenario.task_id).toBe("dockerfile_runtime");
    expect(start({ seed: 11 }).scenario.id).toBe(start({ seed: 11 }).scenario.id);
    const spread = new Set(Array.from({ length: 40 }, (_, seed) => start({ seed }).scenario.id));
    expect(spread.size).toBeGreaterThan(5);
  });

  it("records the seed it drew when none was given, so the episode can be replayed", () => {
    const episode = start({ task_id: "dockerfile_syntax" });
    const seed = episode.state().seed;
    expect(typeof seed).toBe("number");
    expect(start({ task_id: "dockerfile_syntax", seed: seed! }).scenario.id).toBe(episode.scenario.id);
  });

  it.each([
    [{ task_id: "nope" }, "task_id", "unknown task_id 'nope'"],
    [{ scenario_id: "nope" }, "scenario_id", "unknown scenario_id 'nope'"],
    [{ task_id: "dockerfile_syntax", scenario_id: "missing_workdir" }, "scenario_id", "belongs to task 'dockerfile_runtime'"],
  ])("refuses %j", (request, field, message) => {
    try {
      start(request);
      throw new Error("expected a ResetError");
    } catch (e) {
      expect(e).toBeInstanceOf(ResetError);
      expect((e as ResetError).field).toBe(field);
      expect((e as Error).message).toContain(message);
    }
  });

  it("shows the broken files, the failing log and the secrets, and nothing hidden", () => {
    const { observation, reward, done } = start({ scenario_id: "typo_filename" }).observe();
    expect(reward).toBe(0);
    expect(done).toBe(false);
    expect(observation.files["Dockerfile"]).toContain("COPY requirments.txt .");
    expect(observation.error_message).toContain('"/requirments.txt": not found');
    expect(observation.error_message).toContain(">>> COPY requirments.txt .");
    expect(observation).toMatchObject({ issues_total: 1, issues_fixed: 0, step_count: 0, hint: null, score: null, last_action_error: null });
    const text = JSON.stringify(observation);
    const scenario = catalog.scenario("typo_filename")!;
    for (const hidden of [scenario.issues[0]!.description, scenario.issues[0]!.hint, scenario.description, scenario.wrong[0]!.description]) {
      expect(text).not.toContain(hidden);
    }
  });
});

describe("step", () => {
  it("rewards a fix with +0.3 and ends the episode when every issue is fixed", () => {
    const episode = start({ scenario_id: "typo_filename" });
    const result = episode.step({ action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "requirments", new_content: "requirements" }] });
    expect(result.reward).toBe(0.3);
    expect(result.done).toBe(true);
    expect(result.observation.error_message).toBeNull();
    expect(result.observation.score).toBe(0.9);
    expect(result.observation.score_breakdown).toMatchObject({ issues_fixed: 1, solved: true, steps: 1 });
    expect(() => episode.step({ action_type: "submit" })).toThrow(EpisodeDoneError);
  });

  it("charges a failed action 0.02, changes nothing and says why", () => {
    const episode = start({ scenario_id: "typo_filename" });
    const before = episode.observe().observation.files;
    const result = episode.step({ action_type: "replace_line", file_path: "../../etc/passwd", line_number: 1, new_content: "root" });
    expect(result.reward).toBe(-0.02);
    expect(result.observation.last_action_error).toContain("leaves the repository");
    expect(result.observation.files).toEqual(before);
    expect(episode.state().failed_actions).toBe(1);
  });

  it("charges a hint 0.04 and reveals the first unfixed issue's hint", () => {
    const episode = start({ scenario_id: "typo_filename" });
    const result = episode.step({ action_type: "request_hint" });
    expect(result.reward).toBe(-0.04);
    expect(result.observation.hint).toBe(catalog.scenario("typo_filename")!.issues[0]!.hint);
    expect(result.observation.hints_used).toBe(1);
  });

  it("takes -0.3 back when a fix is undone, and nothing latches", () => {
    const episode = start({ scenario_id: "invalid_expose" });
    expect(episode.step({ action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: 'EXPOSE "eighty"', new_content: "EXPOSE eighty" }] }).reward).toBe(0);
    const broken = episode.step({ action_type: "replace_line", file_path: "Dockerfile", line_number: 1, new_content: "FROM python:3.12-slimm" });
    expect(broken.reward).toBe(0);
    const done = episode.step({ action_type: "submit" });
    expect(done.done).toBe(true);
    expect(done.observation.score).toBe(0.05);
  });

  it("ends at max_steps", () => {
    const episode = start({ scenario_id: "typo_filename" });
    let last;
    for (let i = 0; i < 10; i++) last = episode.step({ action_type: "request_hint" });
    expect(last!.done).toBe(true);
    expect(last!.observation.score).toBe(0.01);
  });

  it("scores as the grader does: efficiency falls after optimal_steps", () => {
    const episode = start({ scenario_id: "typo_filename" });
    episode.step({ action_type: "replace_line", file_path: "Dockerfile", line_number: 1, new_content: "FROM python:3.12-slim" });
    episode.step({ action_type: "replace_line", file_path: "Dockerfile", line_number: 8, new_content: "COPY requirements.txt ." });
    const breakdown = episode.state();
    expect(breakdown.step_count).toBe(2);
    // 0.05 + 0.35 + 0.25 + 0.25 × (10 - 2) / (10 - 1)
    expect(episode.grade().score).toBe(0.8722);
  });
});
