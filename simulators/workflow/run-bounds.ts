/**
 * How many jobs and steps a repository's workflows hold, counted file by file in the order they run, against
 * MAX_WORKFLOW_JOBS and MAX_WORKFLOW_STEPS. A caller tallies the files before each one it simulates and hands
 * that file the tally: whether the file is run depends on the files before it only through these two numbers,
 * so a section (incremental/sections.ts) keyed by them still reads nothing but its own file.
 */
import { MAX_WORKFLOW_JOBS, MAX_WORKFLOW_STEPS } from "./limits.js";
import { jobsOf } from "./model.js";
import { matrixCombinations } from "./runner/matrix.js";
import { asMap, get } from "./source.js";
import type { WorkflowSource } from "./source.js";

export { MAX_WORKFLOW_JOBS, MAX_WORKFLOW_STEPS };

/** The jobs (each matrix leg one, where the run expands matrices) and steps one or more workflow files run. */
export interface WorkflowSize {
  jobs: number;
  steps: number;
}

export const NO_WORKFLOWS: WorkflowSize = { jobs: 0, steps: 0 };

/**
 * The jobs and steps a file GitHub can read runs (an unreadable file runs none). `expandMatrix`: every leg of
 * a matrix runs, and is counted, as a job of its own (the pipeline's runs; the workflow simulator alone runs
 * one leg per job), so that a delivery of a few 256-leg jobs costs what as many written jobs would.
 */
export function workflowSize(source: WorkflowSource, expandMatrix = false): WorkflowSize {
  if (source.problems.length > 0) return NO_WORKFLOWS;
  const size = { jobs: 0, steps: 0 };
  for (const job of jobsOf(source)) {
    const legs = expandMatrix ? matrixCombinations(get(asMap(get(job.map, "strategy", source.doc)), "matrix", source.doc), source.doc).length : 1;
    size.jobs += legs;
    size.steps += legs * job.steps.length;
  }
  return size;
}

/**
 * Why `source` is not run when the files before it hold `before`: the bound its jobs or steps take the
 * repository's total past, as GHA001 reports it; null when it stays within both. A file that adds nothing is
 * never refused.
 */
export function pastRunBounds(source: WorkflowSource, before: WorkflowSize, expandMatrix = false): string | null {
  const own = workflowSize(source, expandMatrix);
  const jobs = before.jobs + own.jobs;
  if (own.jobs > 0 && jobs > MAX_WORKFLOW_JOBS) {
    return `The repository's workflows come to ${jobs} jobs with this file's ${own.jobs}, past the ${MAX_WORKFLOW_JOBS} the simulator runs (MAX_WORKFLOW_JOBS): this file is not run`;
  }
  const steps = before.steps + own.steps;
  if (own.steps > 0 && steps > MAX_WORKFLOW_STEPS) {
    return `The repository's workflows come to ${steps} steps with this file's ${own.steps}, past the ${MAX_WORKFLOW_STEPS} the simulator runs (MAX_WORKFLOW_STEPS): this file is not run`;
  }
  return null;
}

/**
 * The running total of the workflow files a caller simulates in turn: each file's size comes back from its
 * simulation (simulateSizedWorkflow), which has read the file already, or from its section's replay.
 * @example const tally = new WorkflowTally(); for (const file of files) tally.add(simulateSizedWorkflow(engine, repo, file, { before: tally.before }).size);
 */
export class WorkflowTally {
  before: WorkflowSize = NO_WORKFLOWS;

  add(size: WorkflowSize): void {
    this.before = { jobs: this.before.jobs + size.jobs, steps: this.before.steps + size.steps };
  }

  /** The tally as part of a section's key. */
  key(): string {
    return `before=${this.before.jobs}/${this.before.steps}`;
  }
}
