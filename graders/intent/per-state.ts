/**
 * What an intent check derives from one repository state, derived once per state. The starting state and the
 * clean base are the same objects for every step of every episode of a scenario, so their views (the images
 * built, the objects applied, the runs' steps) are computed once, not on every step. Keyed by the state's
 * facts, which one simulation of the state's files made; the values are shared, and read only.
 */
import type { FactLog } from "../../simulators/engine/facts.js";
import type { RepositoryState } from "./types.js";

/** `derive`, remembered per the object `keyOf` names for its argument (the values are shared, and read only). */
export function rememberedBy<A, T>(keyOf: (arg: A) => object, derive: (arg: A) => T): (arg: A) => T {
  const derived = new WeakMap<object, { value: T }>();
  return (arg) => {
    const key = keyOf(arg);
    let found = derived.get(key);
    if (found === undefined) {
      found = { value: derive(arg) };
      derived.set(key, found);
    }
    return found.value;
  };
}

/** `derive`, remembered per state. */
export function perState<T>(derive: (state: RepositoryState) => T): (state: RepositoryState) => T {
  return rememberedBy((state: RepositoryState): FactLog => state.facts, derive);
}
