/**
 * A runtime requirement is not lowered to fit a broken runtime: when CI runs Node 14 and package.json says
 * `engines.node: ">=18"`, the fix is the runtime, not `">=14"`. A requirement the repository states (see
 * simulators/scan/runtime-requirements.ts) may not admit a lower version than it did at the start, or than
 * the scenario's clean base admits (where the starting requirement is itself the fault, set too high, the
 * base's is the one to return to); dropping it admits every version.
 */
import { compareVersions } from "../../simulators/scan/runtime-requirements.js";
import { repositoryScan } from "./scan-facts.js";
import type { IntentCheck, Violation } from "./types.js";

export const runtimeRequirementsKept: IntentCheck = {
  name: "runtime-requirements",
  check({ initial, base, current }) {
    const out: Violation[] = [];
    const was = repositoryScan(initial)?.requirements ?? new Map();
    const clean = (base && repositoryScan(base)?.requirements) || new Map();
    const now = repositoryScan(current)?.requirements ?? new Map();
    for (const [key, requirement] of was) {
      const baseline = clean.get(key);
      const floor = baseline && compareVersions(baseline.minimum, requirement.minimum) < 0 ? baseline : requirement;
      const [file, field] = [key.slice(0, key.lastIndexOf(" ")), key.slice(key.lastIndexOf(" ") + 1)];
      // A file deleted is filesKept's finding.
      if (!current.repo.has(file)) continue;
      const is = now.get(key);
      if (!is) out.push({ check: "runtime-requirements", file, message: `${file}: ${field} (${floor.range}) was removed; fix the runtime rather than the requirement` });
      else if (compareVersions(is.minimum, floor.minimum) < 0) out.push({ check: "runtime-requirements", file, message: `${file}: ${field} now admits ${is.range}, below ${floor.range}; fix the runtime rather than the requirement` });
    }
    return out;
  },
};
