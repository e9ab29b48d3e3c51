/**
 * Properties over random action sequences on random scenarios: no exception ever, a failed action changes
 * nothing, the score stays in [0.01, 0.99], and replay equals play (the grader's replay and the record's
 * replay give the same observations, rewards and score). And properties of the text helpers every error
 * path relies on. Bounded: a few dozen episodes, a few hundred strings.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ActionSchema, type Action } from "../../contracts/actions.js";
import { preview, quote } from "../../contracts/quote.js";
import type { Observation } from "../../contracts/observation.js";
import { replayEpisode } from "../../environment/episode-record.js";
import { occurrenceLines } from "../../environment/lines.js";
import { nearMissLine } from "../../environment/near-miss.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { gradeTrajectory } from "../../graders/grade.js";
import { JUDGE } from "../../graders/judge.js";
import { echo } from "../../server/echo.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { actionFor } from "../../scripts/fuzz/actions.js";
import { hostileValue } from "../../scripts/fuzz/values.js";

const catalog = loadCatalog();

/** A scenario and actions aimed at its files (most apply, some fail), some generic ones among them. */
const scenarioAndActions = fc.constantFrom(...catalog.scenarios).chain((scenario) => {
  const files = Object.fromEntries(Object.entries(scenario.files).map(([p, f]) => [p, typeof f === "string" ? f : f.content]));
  return fc.tuple(fc.constant(scenario.id), fc.array(actionFor(files), { minLength: 1, maxLength: 6 }));
});

/** What a failed action must leave as it was. */
const unchangedPart = (o: Observation) => ({ files: o.files, file_modes: o.file_modes, error_message: o.error_message, issues_fixed: o.issues_fixed, hint: o.hint });

describe("episodes under random actions", () => {
  it("never throw, change nothing when an action fails, score within [0.01, 0.99], and replay as played", () => {
    // Edits that applied and changed what the simulators say: the properties must cover those too.
    let applied = 0;
    let failed = 0;
    fc.assert(
      fc.property(scenarioAndActions, ([scenarioId, raw]) => {
        const actions = raw.map((a) => ActionSchema.parse(a));
        const episode = startJudgedEpisode(catalog, { scenario_id: scenarioId }, "prop");
        const played: Array<{ observation: Observation; reward: number | null }> = [];
        let before = episode.observe().observation;
        for (const action of actions) {
          if (episode.done) break;
          const { observation, reward } = episode.step(action);
          expect(observation.last_action_error ?? "").not.toMatch(/^internal error/);
          if (observation.last_action_error !== null) {
            expect(unchangedPart(observation)).toEqual(unchangedPart(before));
            expect(reward).toBe(-0.02);
            failed++;
          } else if (observation.files !== before.files && JSON.stringify(observation.files) !== JSON.stringify(before.files)) applied++;
          played.push({ observation, reward });
          before = observation;
        }
        const breakdown = episode.grade();
        expect(breakdown.score).toBeGreaterThanOrEqual(0.01);
        expect(breakdown.score).toBeLessThanOrEqual(0.99);

        const record = episode.record();
        const graded = gradeTrajectory(catalog, episode.scenario, record.actions as Action[]);
        expect(graded.breakdown).toEqual(breakdown);
        expect(graded.history.map((h) => [h.reward, h.issues_fixed, h.last_action_error, h.done])).toEqual(
          played.map((p, i) => [p.reward, p.observation.issues_fixed, p.observation.last_action_error, i === played.length - 1 && episode.done]),
        );
        const rebuilt = replayEpisode(catalog, record, JUDGE);
        expect(rebuilt.state()).toEqual(episode.state());
        // Through JSON, as every transport carries it: a file named __proto__ included.
        expect(JSON.parse(JSON.stringify(rebuilt.observe().observation.files))).toEqual(JSON.parse(JSON.stringify(episode.observe().observation.files)));
      }),
      { numRuns: 24, seed: 11 },
    );
    expect(applied).toBeGreaterThan(10);
    expect(failed).toBeGreaterThan(10);
  }, 120_000);
});

describe("the text helpers behind every error message", () => {
  it("occurrence lines agree with a naive count", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", "\n"), maxLength: 60 }), fc.string({ unit: fc.constantFrom("a", "b", "\n"), minLength: 1, maxLength: 3 }), (haystack, needle) => {
        const naive: number[] = [];
        for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) naive.push(haystack.slice(0, at).split("\n").length);
        expect(occurrenceLines(haystack, needle)).toEqual(naive);
      }),
      { numRuns: 400, seed: 5 },
    );
  });

  it("the near miss agrees with collapsing whitespace and searching", () => {
    const unit = fc.constantFrom("a", "b", " ", "\n", "\t");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), fc.string({ unit, maxLength: 8 }), (content, needle) => {
        const target = needle.replace(/\s+/g, " ").trim();
        let expected: number | null = null;
        if (target !== "") {
          // Naive: try every start in content; collapse from there and compare.
          for (let i = 0; i < content.length && expected === null; i++) {
            if (/\s/.test(content[i]!)) continue;
            if (content.slice(i).replace(/\s+/g, " ").startsWith(target)) expected = content.slice(0, i).split("\n").length;
          }
        }
        expect(nearMissLine(content, needle)).toBe(expected);
      }),
      { numRuns: 400, seed: 6 },
    );
  });

  it("quote, preview and echo never throw on any value, and stay short", () => {
    fc.assert(
      fc.property(hostileValue, (value) => {
        expect(quote(value).length).toBeLessThanOrEqual(121 + 30);
        expect(preview(value, 40).length).toBeLessThanOrEqual(41);
        expect(() => JSON.stringify(echo(value))).not.toThrow();
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
