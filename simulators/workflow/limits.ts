/** The workflow simulator's bounds: GitHub's own, and the ones it protects itself with (re-exported from contracts/limits.ts). */

/**
 * GitHub's bound on one matrix: "A matrix will generate a maximum of 256 jobs per workflow run", counted
 * after `exclude` and `include` (MatrixBuilder yields the product's survivors, then the unmatched includes).
 */
export const MAX_MATRIX_LEGS = 256;

/**
 * Product combinations one matrix's expansion may visit, each checked against every `exclude` entry (a
 * combination costs one step plus one per entry). A matrix whose product is past MAX_MATRIX_LEGS even after
 * every exclude is refused without a walk; only a product of millions that its excludes nearly empty needs one
 * this long, which no repository writes.
 */
export const MAX_MATRIX_EXPANSION_STEPS = 200_000;
