/**
 * Intent checks that still read file text, wrapped to the facts-based shape until their domain's facts
 * replace them. Each message that starts with a path names that file.
 */
import type { Repository } from "../../simulators/repository.js";
import type { IntentCheck, IntentCheckName, Violation } from "./types.js";

export type TextCheck = (before: Repository, after: Repository) => string[];

export function fromText(name: IntentCheckName, check: TextCheck): IntentCheck {
  return {
    name,
    check({ initial, current }): Violation[] {
      return check(initial.repo, current.repo).map((message) => {
        const m = /^([^\s:]+): /.exec(message);
        return { check: name, file: m && initial.repo.has(m[1]!) ? m[1]! : ".", message };
      });
    },
  };
}
