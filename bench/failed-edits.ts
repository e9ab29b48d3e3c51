/**
 * What a failed edit costs as its file grows: the same two failures (text absent; text present up to
 * whitespace, which earns the near-miss hint) on files of 15 to 3,000 lines. A failed edit changes nothing,
 * so it should cost a scan of its file, never a simulation.
 */
import { performance } from "node:perf_hooks";
import { startJudgedEpisode } from "../graders/episodes.js";
import type { Catalog } from "../tasks/catalog.js";

export const FAILED_EDIT_LINES = [15, 250, 1000, 3000] as const;

export interface FailedEditFigure {
  lines: number;
  /** Mean ms of a failed edit whose text is absent. */
  absent: number;
  /** Mean ms of a failed edit whose text is there up to whitespace. */
  nearMiss: number;
}

/** Each size's figures: `episodes` fresh episodes, three failures of each kind in each. */
export function failedEditFigures(catalog: Catalog, episodes: number): FailedEditFigure[] {
  return FAILED_EDIT_LINES.map((lines) => {
    const text = Array.from({ length: lines }, (_, i) => `line ${i} of the operations notes, with a few more words`).join("\n") + "\n";
    let absent = 0;
    let nearMiss = 0;
    let n = 0;
    for (let r = 0; r < episodes; r++) {
      const episode = startJudgedEpisode(catalog, { scenario_id: "typo_filename" }, "bench-failed");
      episode.step({ action_type: "edit_file", edits: [{ file_path: "NOTES.md", old_content: "", new_content: text }] });
      for (let i = 0; i < 3; i++) {
        let started = performance.now();
        episode.step({ action_type: "edit_file", edits: [{ file_path: "NOTES.md", old_content: `line  ${lines - 2} of the  operations notes,\nwith`, new_content: "x" }] });
        nearMiss += performance.now() - started;
        started = performance.now();
        episode.step({ action_type: "edit_file", edits: [{ file_path: "NOTES.md", old_content: "text that is nowhere", new_content: "x" }] });
        absent += performance.now() - started;
        n++;
      }
    }
    return { lines, absent: absent / n, nearMiss: nearMiss / n };
  });
}
