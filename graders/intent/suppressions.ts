/**
 * no-suppressions: a suppression pragma or a switch-off does not fix anything: adding one is a hack whatever
 * else changed, and so is removing a setting that makes a tool strict. Counted against the starting files, so
 * nothing already there is blamed.
 */
import { repositoryScan } from "./scan-facts.js";
import type { IntentCheck, Violation } from "./types.js";

export const noSuppressions: IntentCheck = {
  name: "no-suppressions",
  check({ initial, current }) {
    const was = repositoryScan(initial);
    const is = repositoryScan(current);
    if (!was || !is) return [];
    const out: Violation[] = [];
    for (const [name, n] of is.suppressions) if (n > (was.suppressions.get(name) ?? 0)) out.push({ check: "no-suppressions", file: ".", message: `${name} was added` });
    for (const [name, n] of was.strictness) if ((is.strictness.get(name) ?? 0) < n) out.push({ check: "no-suppressions", file: ".", message: `${name} was switched off` });
    return out;
  },
};
