/**
 * SPEC §5's gates over every scenario: the reference fix and every alternative solve it with score ≥ 0.9, every
 * wrong fix leaves its issue unfixed, and the canary agents stay at the floor.
 */
import { describe, expect, it } from "vitest";
import { assess } from "../../graders/assess.js";
import { gradeTrajectory } from "../../graders/grade.js";
import { simulateRepository } from "../../simulators/index.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { checkKey } from "../../simulators/simulation.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { CANARIES } from "../../graders/canaries.js";

const catalog = loadCatalog();

describe.each(catalog.scenarios.map((s) => [s.id, s] as const))("%s", (_, scenario) => {
  const initial = repositoryFrom(scenario.files);

  it("has a base on which every simulator is silent", () => {
    const result = simulateRepository(repositoryFrom(scenario.baseFiles), scenario.world, { worldKnown: true });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("starts broken, with every error accounted for by an issue and a log to read", () => {
    const state = assess(scenario, initial);
    expect(state.fixed.every((f) => !f)).toBe(true);
    expect(state.foreign).toEqual([]);
    expect(state.errorMessage).not.toBeNull();
    // A later stage's fault shows once the stages before it pass: walk the reference fix and collect what fires.
    const firing = new Set(state.diagnostics.map((d) => checkKey(d.code, d.file)));
    let repo = initial;
    for (const action of scenario.solution) {
      const out = action.action_type === "request_hint" || action.action_type === "submit" ? null : applyEditAction(repo, action);
      if (!out?.ok) continue;
      repo = out.repo;
      const now = assess(scenario, repo);
      expect(now.foreign, "a step of the reference fix shows an error no issue accounts for").toEqual([]);
      for (const d of now.diagnostics) firing.add(checkKey(d.code, d.file));
    }
    for (const issue of scenario.issues) {
      expect(issue.detection.some((d) => firing.has(checkKey(d.code, d.file))), `${issue.id} shows no finding along the reference fix`).toBe(true);
    }
  });

  it("is solved by its reference fix", () => {
    const { breakdown } = gradeTrajectory(catalog, scenario, scenario.solution);
    expect(breakdown.violations).toEqual([]);
    expect(breakdown.solved).toBe(true);
    expect(breakdown.score).toBeGreaterThanOrEqual(0.9);
  });

  it.each(scenario.alternatives.map((a) => [a.description, a] as const))("is solved by an alternative: %s", (_, alternative) => {
    const { breakdown } = gradeTrajectory(catalog, scenario, alternative.actions);
    expect(breakdown.violations).toEqual([]);
    expect(breakdown.solved).toBe(true);
    expect(breakdown.score).toBeGreaterThanOrEqual(0.9);
  });

  it.each(scenario.wrong.map((w) => [w.description, w] as const))("is not fixed by a wrong fix: %s", (_, wrong) => {
    const replay = gradeTrajectory(catalog, scenario, wrong.actions);
    expect(replay.history.every((h) => h.last_action_error === null), "the wrong fix must apply cleanly").toBe(true);
    const targets = wrong.leaves_unfixed ?? scenario.issues.map((i) => i.id);
    const episodeState = assess(scenario, applyAll(scenario, wrong.actions));
    for (const id of targets) {
      const index = scenario.issues.findIndex((i) => i.id === id);
      expect(index, `unknown issue ${id}`).toBeGreaterThanOrEqual(0);
      expect(episodeState.fixed[index], `${id} counted as fixed`).toBe(false);
    }
    expect(replay.breakdown.solved).toBe(false);
    expect(replay.breakdown.score).toBeLessThan(0.9);
    // It fails for the reason it states, not by accident.
    if ("fires" in wrong.because) {
      expect(episodeState.diagnostics.map((d) => d.code), `${wrong.because.fires} should still fire`).toContain(wrong.because.fires);
    } else {
      expect(episodeState.violations.map((v) => v.check), `the ${wrong.because.violation} check should refuse it`).toContain(wrong.because.violation);
    }
  });

  it.each(Object.entries(CANARIES))("keeps the canary '%s' at the floor", (_, canary) => {
    const { breakdown } = gradeTrajectory(catalog, scenario, canary(scenario));
    expect(breakdown.issues_fixed).toBe(0);
    expect(breakdown.score).toBeLessThanOrEqual(0.05);
  });

  it("replays to identical observations, rewards and score", () => {
    const first = gradeTrajectory(catalog, scenario, scenario.solution);
    const second = gradeTrajectory(catalog, scenario, scenario.solution);
    expect(second).toEqual(first);
  });
});

import { applyEditAction } from "../../environment/apply-action.js";
import type { Action } from "../../contracts/actions.js";
import type { Scenario } from "../../tasks/schema.js";
import type { Repository } from "../../simulators/repository.js";

function applyAll(scenario: Scenario, actions: readonly Action[]): Repository {
  let repo: Repository = repositoryFrom(scenario.files);
  for (const action of actions) {
    if (action.action_type === "request_hint" || action.action_type === "submit") continue;
    const out = applyEditAction(repo, action);
    if (out.ok) repo = out.repo;
  }
  return repo;
}
