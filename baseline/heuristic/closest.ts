/** "Did you mean": the nearest candidate by edit distance, within a bound that keeps unrelated names out. */
import { editDistance, MAX_SUGGESTED_NAME_CHARS } from "../../simulators/images/edit-distance.js";

/**
 * The candidate nearest to `target` (never `target` itself), or null when none is within `maxDistance`
 * (by default a third of the target's length, at least 2).
 * @example nearest("requirments.txt", ["app.py", "requirements.txt"]) // "requirements.txt"
 */
export function nearest(target: string, candidates: Iterable<string>, maxDistance = Math.max(2, Math.floor(target.length / 3))): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  if (target.length > MAX_SUGGESTED_NAME_CHARS) return null;
  for (const candidate of candidates) {
    // A length gap past the bound is a distance past it: not worth the quadratic comparison.
    if (candidate === target || Math.abs(candidate.length - target.length) > maxDistance) continue;
    const d = editDistance(target, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= maxDistance ? best : null;
}
