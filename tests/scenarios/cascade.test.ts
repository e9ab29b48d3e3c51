/**
 * The cross-file scenarios met one stage at a time. Applying the reference fix action by action, the number of
 * issues fixed and the grade rise with each issue fixed (partial credit), and in every multi-stage scenario the
 * episode's error_message moves on to the next stage's failure after each fix, as a user re-running the
 * pipeline would see it.
 */
import { describe, expect, it } from "vitest";
import { applyEditAction } from "../../environment/apply-action.js";
import { assess } from "../../graders/assess.js";
import { gradeTrajectory } from "../../graders/grade.js";
import { compareDiagnostics } from "../../simulators/diagnostic.js";
import type { Repository } from "../../simulators/repository.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { checkKey } from "../../simulators/simulation.js";
import { loadCatalog } from "../../tasks/catalog.js";

const PIPELINE_TASKS = new Set(["ci_docker_integration", "multi_stage_matrix", "pipeline_build_push", "full_pipeline"]);
const catalog = loadCatalog();
const scenarios = catalog.scenarios.filter((s) => PIPELINE_TASKS.has(s.task_id));

/** The repository after each action of the reference fix, from the start. */
function states(repo: Repository, actions: readonly Parameters<typeof applyEditAction>[1][]): Repository[] {
  const out = [repo];
  for (const action of actions) {
    const next = applyEditAction(out[out.length - 1]!, action);
    if (!next.ok) throw new Error(next.error);
    out.push(next.repo);
  }
  return out;
}

describe("partial credit", () => {
  it.each(scenarios.filter((s) => s.issues.length > 1).map((s) => [s.id, s] as const))("%s: each fix of the reference solution earns more", (_, scenario) => {
    const edits = scenario.solution.filter((a) => a.action_type !== "request_hint" && a.action_type !== "submit");
    expect(edits.length).toBe(scenario.issues.length);
    const initial = repositoryFrom(scenario.files);
    const fixed = states(initial, edits as never).map((repo) => assess(scenario, repo).fixedCount);
    expect(fixed).toEqual(edits.map((_, i) => i).concat(edits.length));
    const scores = [0, ...edits.map((_, i) => gradeTrajectory(catalog, scenario, [...edits.slice(0, i + 1), { action_type: "submit" }]).breakdown.score)];
    for (let i = 1; i < scores.length; i++) expect(scores[i]!, `score after fix ${i}`).toBeGreaterThan(scores[i - 1]!);
  });
});

describe("stage by stage", () => {
  it.each(scenarios.filter((s) => s.issues.length > 1).map((s) => [s.id, s] as const))("%s: error_message moves to the next issue's stage after each fix", (_, scenario) => {
    const edits = scenario.solution.filter((a) => a.action_type !== "request_hint" && a.action_type !== "submit");
    const initial = repositoryFrom(scenario.files);
    const messages: (string | null)[] = [];
    states(initial, edits as never).forEach((repo, i) => {
      const state = assess(scenario, repo);
      messages.push(state.errorMessage);
      if (i === scenario.issues.length) {
        expect(state.errorMessage).toBeNull();
        return;
      }
      // The first failure a run meets is the next unfixed issue's, and nothing of a later issue shows before it.
      const first = [...state.diagnostics].sort(compareDiagnostics).find((d) => d.severity === "error")!;
      const issue = scenario.issues[i]!;
      expect(issue.detection.map((d) => checkKey(d.code, d.file)), `after ${i} fixes`).toContain(checkKey(first.code, first.file));
      expect(first.stage).toBe(issue.stage);
      if (first.log) expect(state.errorMessage).toBe(first.log);
    });
    for (let i = 1; i < messages.length; i++) expect(messages[i], `error_message after fix ${i}`).not.toEqual(messages[i - 1]);
  });
});
