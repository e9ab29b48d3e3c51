/**
 * The canaries as the gates judge them (one assessment each) score exactly what the grader's replay of them
 * scores, and a canary that fixes something is reported.
 */
import { describe, expect, it } from "vitest";
import { canaryProblems, judgeCanary } from "../../generator/canaries.js";
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
  }, 120_000);

  it("judge the repair itself as far above the floor: a canary that plays it would be reported", () => {
    const scenario = generateScenario({ split: "train", difficulty: "easy", seed: 3 });
    const start = assess(scenario, repositoryFrom(scenario.files));
    const breakdown = judgeCanary(scenario, [...scenario.solution, { action_type: "submit" }], start);
    expect(breakdown.issues_fixed).toBe(scenario.issues.length);
    expect(breakdown.score).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});
