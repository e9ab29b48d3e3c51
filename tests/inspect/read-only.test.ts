/**
 * An inspection never changes anything: random inspections (of every family, refusals and nonsense
 * included) interleaved with a scenario's edits give the same final files, issues and score as the edits
 * alone, and the same inspection after the same steps always prints the same answer.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { gradeTrajectory } from "../../graders/grade.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const SCENARIOS = ["typo_filename", "oom_killed", "ghcr_token_not_mapped", "selector_mismatch", "full_pipeline_three_bugs"];

const COMMANDS = [
  "ls -la", "cat Dockerfile", "grep -rn image .", "find . -type f | wc -l", "tree", "git diff", "git status", "git log",
  "docker build .", "docker run app", "docker image inspect app", "docker manifest inspect python:3.12-slim",
  "gh run list", "gh run view --log", "gh secret list", "kubectl get pods -o wide", "kubectl get svc", "kubectl get endpoints",
  "kubectl describe pod x", "kubectl logs x --previous", "kubectl top pod", "kubectl get events", "kubectl apply -f k8s",
  "rm -rf .", "echo x > Dockerfile", "sed -i s/a/b/ Dockerfile", "nonsense --flag", "grep -E '(' Dockerfile", "cat ../../etc/passwd",
];

const inspection = fc.oneof(
  fc.constantFrom(...COMMANDS),
  fc.string({ minLength: 1, maxLength: 60 }),
).map((command): Action => ({ action_type: "inspect", command }));

describe("inspections change nothing", () => {
  it("random inspections between the edits leave the final score as the edits alone make it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SCENARIOS),
        fc.constantFrom("solution", "alternative", "wrong"),
        fc.array(fc.array(inspection, { maxLength: 2 }), { minLength: 1, maxLength: 6 }),
        (id, which, looks) => {
          const scenario = catalog.scenario(id)!;
          const edits = which === "solution" ? scenario.solution : which === "alternative" ? scenario.alternatives[0]!.actions : scenario.wrong[0]!.actions;
          // Interleave: looks[i] before edit i, the rest after the last edit; stay under max_steps.
          const budget = scenario.max_steps - edits.length - 1;
          const mixed: Action[] = [];
          let used = 0;
          edits.forEach((edit, i) => {
            for (const look of looks[i] ?? []) if (used < budget) (mixed.push(look), used++);
            mixed.push(edit);
          });
          const alone = gradeTrajectory(catalog, scenario, edits).breakdown;
          const looked = gradeTrajectory(catalog, scenario, mixed).breakdown;
          expect(looked.inspections).toBe(used);
          expect(looked.steps).toBe(alone.steps + used);
          expect({ ...looked, steps: 0, inspections: 0 }).toEqual({ ...alone, steps: 0, inspections: 0 });
        },
      ),
      { numRuns: 40, seed: 15 },
    );
  });

  it("answers the same inspection the same way after the same steps", () => {
    // A fresh episode per command: there are more commands than max_steps.
    const play = (episodeId: string) =>
      COMMANDS.map((command) => startJudgedEpisode(catalog, { scenario_id: "oom_killed" }, episodeId).step({ action_type: "inspect", command }).observation.inspect_output);
    const first = play("a");
    // Every answer is a string (an unchanged repository's `git diff` is the empty one).
    expect(first.every((out) => typeof out === "string")).toBe(true);
    expect(first.filter((out) => out !== "").length).toBe(COMMANDS.length - 1);
    expect(play("b")).toEqual(first);
  });

  it("counts inspections toward max_steps: an episode of inspections alone ends there, unscored by efficiency", () => {
    const scenario = catalog.scenario("typo_filename")!;
    const looks: Action[] = Array.from({ length: scenario.max_steps + 3 }, () => ({ action_type: "inspect", command: "docker build ." }));
    const { breakdown, ignored_actions } = gradeTrajectory(catalog, scenario, looks);
    expect(breakdown.steps).toBe(scenario.max_steps);
    expect(breakdown.inspections).toBe(scenario.max_steps);
    expect(ignored_actions).toBe(3);
    expect(breakdown.issues_fixed).toBe(0);
    expect(breakdown.score).toBe(0.05);
  });

  it("keeps efficiency at 1 for an optimal fix however many inspections come before it", () => {
    const scenario = catalog.scenario("typo_filename")!;
    const looks: Action[] = Array.from({ length: scenario.max_steps - scenario.solution.length - 1 }, () => ({ action_type: "inspect", command: "cat Dockerfile" }));
    const { breakdown } = gradeTrajectory(catalog, scenario, [...looks, ...scenario.solution]);
    expect(breakdown.efficiency).toBe(1);
    expect(breakdown.score).toBe(gradeTrajectory(catalog, scenario, scenario.solution).breakdown.score);
  });
});
