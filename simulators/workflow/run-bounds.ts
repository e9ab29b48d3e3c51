/**
 * How many jobs and steps a repository's workflows hold, counted file by file in the order they run, against
 * MAX_WORKFLOW_JOBS and MAX_WORKFLOW_STEPS. A caller admits each file before it simulates it, from the file's
 * parse (kept by content, and read again by the simulation): a file within the bounds is simulated exactly as
 * before, under the same section key (incremental/sections.ts), so adding a step to one workflow does not make
 * the workflows after it run again; a refused file's section is keyed by its refusal.
 */
import { MAX_WORKFLOW_JOBS, MAX_WORKFLOW_STEPS } from "./limits.js";
import { jobsOf } from "./model.js";
import { matrixCombinations } from "./runner/matrix.js";
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
  // Every simulation admits every workflow file, its sections replayed or not: counted once per parse.
  const kept = SIZES.get(source);
  const known = expandMatrix ? kept?.expanded : kept?.written;
  if (known) return known;
  const size = countSize(source, expandMatrix);
  SIZES.set(source, { ...kept, [expandMatrix ? "expanded" : "written"]: size });
  return size;
}

/** Each parsed file's size, as written and with its matrices expanded. */
const SIZES = new WeakMap<WorkflowSource, { written?: WorkflowSize; expanded?: WorkflowSize }>();

function countSize(source: WorkflowSource, expandMatrix: boolean): WorkflowSize {
  if (source.problems.length > 0) return NO_WORKFLOWS;
  const size = { jobs: 0, steps: 0 };
  for (const job of jobsOf(source)) {
    const legs = expandMatrix ? matrixCombinations(job.matrix, source.doc).length : 1;
    size.jobs += legs;
    size.steps += legs * job.steps.length;
  }
  return size;
}

/**
 * Why a file of size `own` is not run when the files before it hold `before`: the bound its jobs or steps
 * take the repository's total past, as GHA001 reports it; null when it stays within both. A file that adds
 * nothing is never refused.
 */
export function pastRunBounds(own: WorkflowSize, before: WorkflowSize): string | null {
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
 * The running total of the workflow files a caller simulates in turn.
 * @example const tally = new WorkflowTally(); for (const file of files) simulateWorkflow(engine, repo, file, { refusal: tally.admit(source) });
 */
export class WorkflowTally {
  private total: WorkflowSize = NO_WORKFLOWS;

  /** Counts `source` in; why it is not run (the bound the repository passes with it), or null. */
  admit(source: WorkflowSource, expandMatrix = false): string | null {
    const own = workflowSize(source, expandMatrix);
    const refusal = pastRunBounds(own, this.total);
    this.total = { jobs: this.total.jobs + own.jobs, steps: this.total.steps + own.steps };
    return refusal;
  }
}
