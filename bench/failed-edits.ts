/**
 * What a failed edit costs as its file grows: the same failures (text absent; text present up to whitespace,
 * which earns the near-miss hint; a long multi-line old_content present up to whitespace) on files of 15 to
 * 3,000 lines, against a plain `content.includes` of the absent text on the same file, measured in the same
 * run. A failed edit changes nothing, so it should cost about a scan of its file, never a simulation.
 *
 *   node --import tsx bench/failed-edits.ts   # only these figures
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { startJudgedEpisode } from "../graders/episodes.js";
import { loadCatalog } from "../tasks/catalog.js";
import type { Catalog } from "../tasks/catalog.js";

export const FAILED_EDIT_LINES = [15, 250, 1000, 3000] as const;

/** Lines of the long old_content: a block near the end of the file, its whitespace changed on every line. */
const LONG_NEEDLE_LINES = 40;

export interface FailedEditFigure {
  lines: number;
  /** Median ms of a failed edit whose text is absent. */
  absent: number;
  /** Median ms of a failed edit whose text is there up to whitespace. */
  nearMiss: number;
  /** Median ms of a failed edit whose long, multi-line text is there up to whitespace. */
  longNearMiss: number;
  /** Median ms of `content.includes(absent text)` on the same file: the cost of one plain scan. */
  includes: number;
}

const ABSENT = "text that is nowhere";

const median = (samples: number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function noteLine(i: number): string {
  return `line ${i} of the operations notes, with a few more words`;
}

/** Each size's figures: `episodes` fresh episodes, three failures of each kind in each. */
export function failedEditFigures(catalog: Catalog, episodes: number): FailedEditFigure[] {
  return FAILED_EDIT_LINES.map((lines) => {
    const text = Array.from({ length: lines }, (_, i) => noteLine(i)).join("\n") + "\n";
    const near = `line  ${lines - 2} of the  operations notes,\nwith`;
    const blockStart = Math.max(0, lines - LONG_NEEDLE_LINES - 1);
    const longNear = Array.from({ length: Math.min(LONG_NEEDLE_LINES, lines) }, (_, k) => `  ${noteLine(blockStart + k).replace(" of ", "  of\t")}`).join("\n");
    const samples = { absent: [] as number[], nearMiss: [] as number[], longNearMiss: [] as number[], includes: [] as number[] };
    const timed = (into: number[], fn: () => unknown): void => {
      const started = performance.now();
      fn();
      into.push(performance.now() - started);
    };
    let found = 0;
    for (let r = 0; r < episodes; r++) {
      const episode = startJudgedEpisode(catalog, { scenario_id: "typo_filename" }, "bench-failed");
      episode.step({ action_type: "edit_file", edits: [{ file_path: "NOTES.md", old_content: "", new_content: text }] });
      for (let i = 0; i < 3; i++) {
        timed(samples.nearMiss, () => episode.step({ action_type: "edit_file", edits: [{ file_path: "NOTES.md", old_content: near, new_content: "x" }] }));
        timed(samples.absent, () => episode.step({ action_type: "edit_file", edits: [{ file_path: "NOTES.md", old_content: ABSENT, new_content: "x" }] }));
        timed(samples.longNearMiss, () => episode.step({ action_type: "edit_file", edits: [{ file_path: "NOTES.md", old_content: longNear, new_content: "x" }] }));
        timed(samples.includes, () => (found += text.includes(ABSENT) ? 1 : 0));
      }
    }
    if (found > 0) throw new Error("the absent text was found: the bench's file is wrong");
    return { lines, absent: median(samples.absent), nearMiss: median(samples.nearMiss), longNearMiss: median(samples.longNearMiss), includes: median(samples.includes) };
  });
}

/** The figures as printed lines: per size, then the largest size's ratios. */
export function failedEditReport(figures: FailedEditFigure[]): string[] {
  const out = figures.map(
    (f) => `${`failed edit, ${f.lines}-line file: absent / near miss / long`.padEnd(56)} ${f.absent.toFixed(3).padStart(9)} / ${f.nearMiss.toFixed(3)} / ${f.longNearMiss.toFixed(3)} ms  (includes ${f.includes.toFixed(3)} ms)`,
  );
  const largest = figures.at(-1)!;
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "n/a");
  out.push(
    `  failed edit, ${largest.lines} lines, near miss / absent  ${ratio(largest.nearMiss, largest.absent)}   long near miss / absent  ${ratio(largest.longNearMiss, largest.absent)}`,
    `  failed edit, ${largest.lines} lines, vs content.includes  absent ${ratio(largest.absent, largest.includes)}  near miss ${ratio(largest.nearMiss, largest.includes)}  long ${ratio(largest.longNearMiss, largest.includes)}  (goal under 1 ms each)`,
  );
  return out;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes("--quick");
  for (const line of failedEditReport(failedEditFigures(loadCatalog(), quick ? 10 : 60))) console.log(line);
}
