/** The workflow simulator's bounds: GitHub's own, and the ones it protects itself with (re-exported from contracts/limits.ts). */

/**
 * GitHub's bound on one matrix: "A matrix will generate a maximum of 256 jobs per workflow run", counted
 * after `exclude` and `include` (MatrixBuilder yields the product's survivors, then the unmatched includes).
 */
export const MAX_MATRIX_LEGS = 256;

/**
 * Levels of arrays and objects fromJSON reads: the runner reads its argument with Json.NET, whose reader stops
 * past a MaxDepth of 64 ("The reader's MaxDepth of 64 has been exceeded"). Deeper JSON, which the simulator
 * would walk recursively, is a fromJSON the run cannot read.
 */
export const FROMJSON_MAX_DEPTH = 64;

/**
 * Product combinations one matrix's expansion may visit, each checked against every `exclude` entry (a
 * combination costs one step plus one per entry). A matrix whose product is past MAX_MATRIX_LEGS even after
 * every exclude is refused without a walk; only a product of millions that its excludes nearly empty needs one
 * this long, which no repository writes.
 */
export const MAX_MATRIX_EXPANSION_STEPS = 200_000;

/**
 * Jobs, and steps, the simulator reads and runs across one repository's workflow files (GitHub sets no bound
 * but the 256 legs of one matrix). Each job costs a fresh runner and each step a judged run, so thousands of
 * one-line jobs (9,000 fit in one 500 KB file) held a step for seconds. The largest real CIs stay far below:
 * a matrix-heavy workflow has tens of jobs, and pytorch's largest generated workflow a few hundred. Files are
 * counted in the order they run; the one that takes the total past a bound, and each after it that adds jobs,
 * is refused (GHA001) before GitHub's parser reads it, its jobs not run.
 */
export const MAX_WORKFLOW_JOBS = 1_000;
export const MAX_WORKFLOW_STEPS = 5_000;
