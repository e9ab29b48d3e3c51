/**
 * `breakfix export`: generated scenarios as JSONL training data, one line per scenario (generator/export.ts
 * says what a line holds), written to --out (or stdout) as they are generated, so memory stays flat.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { exportLines } from "../../generator/export.js";
import { GENERATED_DIFFICULTIES, GENERATED_SPLITS } from "../../tasks/generator/task.js";
import { choice, parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { integerFlag } from "./numbers.js";
import { EXPORT_USAGE } from "./usage.js";
import { defaultWorkers } from "./cli-worker.js";
import { exportInParallel } from "./export-workers.js";

/**
 * Seeds per worker thread below which another is not started: a thread loads the generator and warms up (about
 * 2 s of CPU, measured from the build) before its first line, what generating some 60 warm scenarios costs.
 */
export const SEEDS_PER_EXPORT_WORKER = 200;

export async function runExport(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    { split: { type: "string" }, difficulty: { type: "string" }, count: { type: "string" }, from: { type: "string" }, out: { type: "string" }, workers: { type: "string" }, quiet: { type: "boolean", short: "q" } },
    EXPORT_USAGE,
    false,
  );
  if (values.help) {
    io.stdout(EXPORT_USAGE);
    return EXIT.ok;
  }
  const split = choice("split", values.split, GENERATED_SPLITS, "train", EXPORT_USAGE);
  const difficulty = choice("difficulty", values.difficulty, GENERATED_DIFFICULTIES, "easy", EXPORT_USAGE);
  if (values.count === undefined) throw new UsageError("--count is required", EXPORT_USAGE);
  const count = integerFlag("count", values.count, 1, EXPORT_USAGE, 1, 1_000_000);
  const from = integerFlag("from", values.from, 0, EXPORT_USAGE, 0, Number.MAX_SAFE_INTEGER - 1_000_000);
  const workers = integerFlag("workers", values.workers, defaultWorkers(count, SEEDS_PER_EXPORT_WORKER), EXPORT_USAGE, 1, 256);
  const file = values.out === undefined ? null : path.resolve(io.cwd, values.out);
  let fd: number | null = null;
  if (file !== null) {
    try {
      fd = openSync(file, "w");
    } catch (error) {
      io.stderr(`breakfix export: cannot write ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT.usage;
    }
  }
  const skipped: string[] = [];
  let written = 0;
  const write = (json: string): void => {
    const text = `${json}\n`;
    if (fd === null) io.stdout(text);
    else writeSync(fd, text);
    written++;
    if (values.quiet !== true && written % 1000 === 0) io.stderr(`exported ${written}/${count}\n`);
  };
  const onSkip = (id: string): void => void skipped.push(id);
  try {
    if (workers === 1) for (const line of exportLines({ split, difficulty, count, from, onSkip })) write(JSON.stringify(line));
    else await exportInParallel({ split, difficulty, count, from, workers, onLine: write, onSkip });
  } finally {
    if (fd !== null) closeSync(fd);
  }
  const where = file ?? "stdout";
  io.stderr(`wrote ${written} ${split} ${difficulty} scenarios (seeds ${from}..${from + count - 1}) to ${where}${skipped.length > 0 ? `; ${skipped.length} seeds had no scenario: ${skipped.slice(0, 5).join(", ")}` : ""}\n`);
  return EXIT.ok;
}
