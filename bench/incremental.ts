/**
 * What incremental simulation saves, in one run: the curated mix (a reset, a failing edit, the reference fix)
 * played with section reuse on and off, interleaved round by round so both meet the same machine. Two mixes:
 * "repeated", every round the same actions (an RL loop replaying a scenario, where whole states recur), and
 * "fresh", each round first appending a comment of its own to every file the fix edits, so no state recurs
 * and only what an edit did not touch can be reused.
 */
import { performance } from "node:perf_hooks";
import type { Action } from "../contracts/actions.js";
import { startJudgedEpisode } from "../graders/episodes.js";
import { forgetSections, setIncremental } from "../simulators/incremental/sections.js";
import type { Catalog } from "../tasks/catalog.js";
import type { Scenario } from "../tasks/schema.js";

export interface IncrementalFigure {
  mix: "repeated" | "fresh";
  /** Mean milliseconds per step with reuse on, and with every section run afresh. */
  incremental: number;
  full: number;
}

const FAILING: Action = { action_type: "replace_line", file_path: "no/such/file", line_number: 1, new_content: "x" };

/** A comment line appended to each file the reference fix edits (JSON has no comments: left alone). */
function marks(scenario: Scenario, round: number): Action[] {
  const files = new Set<string>();
  for (const action of scenario.solution) {
    if ("file_path" in action && typeof action.file_path === "string") files.add(action.file_path);
    if (action.action_type === "edit_file") for (const edit of action.edits) files.add(edit.file_path);
  }
  return [...files]
    .filter((f) => !/\.json$/i.test(f) && scenario.files[f] !== undefined)
    .map((f) => ({ action_type: "add_line", file_path: f, line_number: scenario.files[f]!.content.split("\n").length, content: `# round ${round}` }));
}

/** Plays the mix once over `scenarios`; returns [milliseconds, steps]. */
function playMix(catalog: Catalog, scenarios: readonly Scenario[], round: number | null): [number, number] {
  let steps = 0;
  const began = performance.now();
  for (const scenario of scenarios) {
    const episode = startJudgedEpisode(catalog, { scenario_id: scenario.id }, "bench");
    steps++;
    for (const action of [FAILING, ...(round === null ? [] : marks(scenario, round)), ...scenario.solution]) {
      if (episode.done) break;
      episode.step(action);
      steps++;
    }
  }
  return [performance.now() - began, steps];
}

/** Mean ms per step of both mixes, reuse on against off, over `rounds` interleaved rounds after a warm-up. */
export function incrementalFigures(catalog: Catalog, rounds: number): IncrementalFigure[] {
  const scenarios = catalog.scenarios.filter((s) => s.task_id !== "host_incidents");
  return (["repeated", "fresh"] as const).map((mix) => {
    const totals = { on: [0, 0], off: [0, 0] };
    let round = 0;
    const play = (on: boolean, into: number[] | null): void => {
      setIncremental(on);
      const [ms, steps] = playMix(catalog, scenarios, mix === "fresh" ? round++ : null);
      if (into) {
        into[0]! += ms;
        into[1]! += steps;
      }
    };
    forgetSections();
    play(true, null);
    play(false, null);
    for (let r = 0; r < rounds; r++) {
      play(true, totals.on);
      play(false, totals.off);
    }
    setIncremental(true);
    return { mix, incremental: totals.on[0]! / totals.on[1]!, full: totals.off[0]! / totals.off[1]! };
  });
}

export function incrementalLines(figures: readonly IncrementalFigure[]): string[] {
  return figures.map(
    (f) =>
      `${`step, ${f.mix} states: reuse on / off`.padEnd(48)} ${f.incremental.toFixed(3).padStart(9)} / ${f.full.toFixed(3)} ms  (${(f.incremental / f.full).toFixed(2)}x)`,
  );
}
