/**
 * A variant axis: one way real repositories of the same kind differ (what the service is called, which
 * registry namespace it pushes to, where its manifests live, whether it has a PodDisruptionBudget). An axis
 * names the decisions it makes on a base, each with its choices, and applies the picks. A decision's choices
 * are drawn from pools that differ by the base's split where the pool is shared between bases (owners,
 * domains, folders), so the test split shows values train never does.
 */
import type { GeneratorBase, Split } from "../define-base.js";

/** One independent choice an axis makes on a base. */
export interface Decision {
  /** Stable within the axis (`replicas:k8s/api.yaml#1`): the rng fork the pick is drawn from. */
  key: string;
  /** Possible picks, for the base's own split. */
  choices: readonly string[];
  /** The base as written: a pick equal to it changes nothing (it need not be among the choices). */
  written: string;
}

export interface VariantAxis {
  readonly name: string;
  /** The decisions this axis makes on `base` (the base as the axes before it left it). */
  decisions(base: GeneratorBase): readonly Decision[];
  /** `base` with `picks` (decision key → choice) applied; a key without a pick keeps the base as written. */
  apply(base: GeneratorBase, picks: ReadonlyMap<string, string>): GeneratorBase;
}

/** A pool of values by the split of the base that draws from it. */
export type SplitPools<T> = Readonly<Record<Split, readonly T[]>>;

/** The pool for `base`'s split, with `written` (the base as written) first when the pool holds it. */
export function poolFor<T>(base: GeneratorBase, pools: SplitPools<T>, written?: T): T[] {
  const pool = pools[base.split];
  return written !== undefined && pool.includes(written) ? [written, ...pool.filter((v) => v !== written)] : [...pool];
}

export function defineAxis(axis: VariantAxis): VariantAxis {
  return axis;
}
