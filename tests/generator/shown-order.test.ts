/**
 * A generated scenario lists its issues in the order a run shows them, so `request_hint` (the first unfixed
 * issue's hint, SPEC §4) speaks of the failure in front of the agent, not of a fault still masked behind it.
 * Drawn in any order, about half the medium and harder scenarios used to hint at a masked fault first (a
 * liveness probe's port while the log said the workflow had no trigger). The assessments the gates made are
 * kept for the scenario as served, in its order: they must be the grader's own.
 */
import { describe, expect, it } from "vitest";
import { isEditAction } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { generateInjected } from "../../generator/generate.js";
import { generateHostInjected } from "../../generator/host-generate.js";
import { walkAsShown, walkSolution } from "../../generator/gates.js";
import { assess } from "../../graders/assess.js";
import { forgetAssessments } from "../../graders/kept-assessments.js";
import { startEpisode } from "../../lib/index.js";
import { repositoryFrom, type Repository } from "../../simulators/repository.js";
import { checkKey } from "../../simulators/simulation.js";
import type { Action } from "../../contracts/actions.js";
import type { Scenario } from "../../tasks/schema.js";

/** Whether any of `issue`'s checks fires in `repo`. */
function shows(scenario: Scenario, repo: Repository, issue: number): boolean {
  const firing = new Set(assess(scenario, repo).diagnostics.map((d) => checkKey(d.code, d.file)));
  return scenario.issues[issue]!.detection.some((d) => firing.has(checkKey(d.code, d.file)));
}

/** Plays each issue's own repair in issue order; each issue must show in the state its repair starts from. */
function issuesShowInOrder(scenario: Scenario, repairs: readonly (readonly Action[])[]): number[] {
  const hidden: number[] = [];
  let repo = repositoryFrom(scenario.files);
  repairs.forEach((repair, i) => {
    if (!shows(scenario, repo, i)) hidden.push(i);
    for (const action of repair) {
      if (!isEditAction(action)) continue;
      const out = applyEditAction(repo, action);
      if (!out.ok) throw new Error(`${scenario.id}: repair of issue ${i} does not apply: ${out.error}`);
      repo = out.repo;
    }
  });
  return hidden;
}

describe("a generated scenario's issues, in the order a run shows them", () => {
  for (const difficulty of ["medium", "hard", "expert"] as const) {
    it(`each issue shows once those before it are repaired (delivery, ${difficulty})`, () => {
      for (let seed = 1; seed <= 12; seed++) {
        const { scenario, injections } = generateInjected({ split: "train", difficulty, seed });
        expect(injections.map((i) => i.issue.hint)).toEqual(scenario.issues.map((i) => i.hint));
        expect(scenario.issues.map((i) => i.id)).toEqual(injections.map((inj, n) => `${inj.kind}-${n + 1}`));
        expect(issuesShowInOrder(scenario, injections.map((i) => i.repair)), scenario.id).toEqual([]);
        expect(walkAsShown(scenario, injections.map((i) => i.repair)).order, scenario.id).toEqual(scenario.issues.map((_, n) => n));
      }
    });
  }

  it("each issue shows once those before it are repaired (hosts)", () => {
    for (const [difficulty, seed] of [["medium", 5], ["hard", 3], ["expert", 2]] as const) {
      const { scenario, injections } = generateHostInjected({ split: "train", difficulty, seed });
      expect(issuesShowInOrder(scenario, injections.map((i) => i.repair)), scenario.id).toEqual([]);
      // Where two alerts show at once, the one of the earlier stage comes first, as the reference repair takes them.
      expect(walkAsShown(scenario, injections.map((i) => i.repair)).order, scenario.id).toEqual(scenario.issues.map((_, n) => n));
    }
  });

  it("hints at the failure the start log shows", () => {
    // gen:train:medium:2 drew a liveness probe's port first; its start log says the release workflow has no trigger.
    const episode = startEpisode({ task_id: "generated", seed: 2, difficulty: "medium", split: "train" });
    const start = episode.observe();
    const hint = episode.step({ action_type: "request_hint" }).observation.hint;
    const first = episode.scenario.issues[0]!;
    expect(hint).toBe(first.hint);
    expect(shows(episode.scenario, repositoryFrom(episode.scenario.files), 0)).toBe(true);
    expect(start.observation.error_message).toMatch(/No event triggers defined in `on`/);
    expect(first.id).toBe("workflow-trigger-missing-1");
  });

  it("keeps for the served scenario the assessments the grader makes of it", () => {
    const served = [
      generateInjected({ split: "train", difficulty: "medium", seed: 2 }).scenario,
      generateInjected({ split: "test", difficulty: "expert", seed: 3 }).scenario,
      generateHostInjected({ split: "train", difficulty: "hard", seed: 2 }).scenario,
    ];
    const kept = served.map((scenario) => walkSolution(scenario).states);
    forgetAssessments();
    served.forEach((scenario, n) => expect(walkSolution(scenario).states, scenario.id).toEqual(kept[n]));
  });
});
