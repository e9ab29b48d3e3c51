/**
 * Progress of an evaluation on stderr, one report per finished episode: on a terminal a bar redrawn in place,
 * otherwise (a log, a CI job, a pipe) one plain line each, so that a long run shows it is alive and where it
 * is. stdout stays for the results.
 */
import type { EpisodeResult } from "../../baseline/play.js";
import type { CliIO } from "./io.js";

const BAR_WIDTH = 24;

/** Told once per finished episode: the result, how many have finished, of how many. */
export type EpisodeProgress = (result: EpisodeResult, finished: number, total: number) => void;

/**
 * The progress reporter for `label`'s episodes; a no-op when `quiet`.
 * @example benchmark(catalog, "baseline", {}, { onEpisode: episodeProgress(io, "baseline", false) })
 */
export function episodeProgress(io: CliIO, label: string, quiet: boolean): EpisodeProgress {
  if (quiet) return () => undefined;
  if (io.stderrIsTTY === true) {
    return (result, finished, total) => {
      const filled = total === 0 ? BAR_WIDTH : Math.round((finished / total) * BAR_WIDTH);
      const bar = `${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}`;
      // \r and "erase line" redraw the bar where it stands; the last one ends the line.
      io.stderr(`\r\x1b[2K[${bar}] ${counter(finished, total)} ${label} ${result.scenario_id} ${result.score.toFixed(3)}${finished === total ? "\n" : ""}`);
    };
  }
  return (result, finished, total) => io.stderr(`${progressLine(label, result, finished, total)}\n`);
}

/** One finished episode as a plain line: `[ 3/50] baseline dockerfile_syntax/typo_filename score 0.900 solved 1 step`. */
export function progressLine(label: string, result: EpisodeResult, finished: number, total: number): string {
  const outcome = result.error !== null ? `error: ${result.error}` : result.solved ? "solved" : `${result.issues_fixed}/${result.issues_total} fixed`;
  const steps = `${result.steps} step${result.steps === 1 ? "" : "s"}`;
  return `[${counter(finished, total)}] ${label} ${result.task_id}/${result.scenario_id} score ${result.score.toFixed(3)} ${outcome} ${steps}`;
}

function counter(finished: number, total: number): string {
  return `${String(finished).padStart(String(total).length)}/${total}`;
}
