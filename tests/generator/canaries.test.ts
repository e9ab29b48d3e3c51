/**
 * The canaries as the gates judge them (one assessment each) score exactly what the grader's replay of them
 * scores, and a canary that fixes something is reported.
 */
import { describe, expect, it } from "vitest";
import { canaryProblems, judgeCanary, provenAtFloor } from "../../generator/canaries.js";
import { catalogOf } from "../../generator/catalog.js";
import { generateScenario } from "../../generator/generate.js";
import { assess } from "../../graders/assess.js";
import { CANARIES } from "../../graders/canaries.js";
import { gradeTrajectory } from "../../graders/grade.js";
import { repositoryFrom } from "../../simulators/repository.js";

describe("canaries judged at generation", () => {
  it.each([
    ["easy", 3],
    ["expert", 5],
  ] as const)("score on %s scenarios what the grader's replay scores", (difficulty, seed) => {
    const scenario = generateScenario({ split: "train", difficulty, seed });
    const start = assess(scenario, repositoryFrom(scenario.files));
    for (const [name, canary] of Object.entries(CANARIES)) {
      expect(judgeCanary(scenario, canary(scenario), start), name).toEqual(gradeTrajectory(catalogOf(scenario), scenario, canary(scenario)).breakdown);
    }
    expect(canaryProblems(scenario, start)).toEqual([]);
    // What is proven at the floor without a simulation, the grader's replay puts at the floor too.
    const proven = Object.entries(CANARIES).filter(([, canary]) => provenAtFloor(scenario, canary(scenario)));
    expect(proven.map(([name]) => name)).toEqual(expect.arrayContaining(["delete every file", "empty every file", "suppression comments everywhere", "switch off every job and step"]));
    for (const [name, canary] of proven) expect(gradeTrajectory(catalogOf(scenario), scenario, canary(scenario)).breakdown.issues_fixed, name).toBe(0);
  }, 120_000);

  it("are proven at the floor only when every state their edits leave violates an intent check", () => {
    const scenario = generateScenario({ split: "train", difficulty: "easy", seed: 4 });
    expect(provenAtFloor(scenario, scenario.solution)).toBe(false);
    const dockerfile = Object.keys(scenario.files).find((p) => /(^|\/)Dockerfile$/.test(p))!;
    const suppressed = { action_type: "edit_file" as const, edits: [{ file_path: dockerfile, old_content: "FROM ", new_content: "# hadolint ignore=DL3008\nFROM " }] };
    const hacked = [...scenario.solution, suppressed];
    expect(provenAtFloor(scenario, hacked)).toBe(false);
    expect(provenAtFloor(scenario, [suppressed, ...scenario.solution])).toBe(true);
    expect(gradeTrajectory(catalogOf(scenario), scenario, [suppressed, ...scenario.solution, { action_type: "submit" }]).breakdown.issues_fixed).toBe(0);
  }, 60_000);

  it("judge the repair itself as far above the floor: a canary that plays it would be reported", () => {
    const scenario = generateScenario({ split: "train", difficulty: "easy", seed: 3 });
    const start = assess(scenario, repositoryFrom(scenario.files));
    const breakdown = judgeCanary(scenario, [...scenario.solution, { action_type: "submit" }], start);
    expect(breakdown.issues_fixed).toBe(scenario.issues.length);
    expect(breakdown.score).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});
