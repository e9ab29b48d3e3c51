/**
 * A generated scenario is served as the object its gates walked, so what they assessed is kept under it: the
 * episode's first observation and every state of the reference repair are answered without simulating again
 * (a fresh state cost ~1 ms each before). The answers are still the grader's: the repair ends solved.
 */
import { describe, expect, it } from "vitest";
import { Episode } from "../../environment/episode.js";
import { withGenerated } from "../../generator/family.js";
import { JUDGE } from "../../graders/judge.js";
import { keptAssessments } from "../../graders/kept-assessments.js";
import { loadCatalog } from "../../tasks/catalog.js";

describe("a generated scenario as served", () => {
  const catalog = withGenerated(loadCatalog());

  for (const difficulty of ["easy", "hard"] as const) {
    it(`starts and plays its reference repair on the gates' assessments (${difficulty})`, () => {
      const request = { task_id: "generated", seed: 41, difficulty };
      const scenario = catalog.generated!.draw(request);
      expect(scenario.solution.length).toBeGreaterThan(0);
      const kept = keptAssessments().count;
      const episode = Episode.start(catalog, request, "served-walk", JUDGE);
      expect(episode.scenario).toBe(scenario);
      let last = null as ReturnType<Episode["step"]> | null;
      for (const action of scenario.solution) {
        last = episode.step(action);
        if (last.done) break;
      }
      // A state assessed anew would have been kept as well.
      expect(keptAssessments().count).toBe(kept);
      expect(last?.done).toBe(true);
      expect(last?.observation.issues_fixed).toBe(last?.observation.issues_total);
    });
  }
});
