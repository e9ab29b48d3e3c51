/** Every intent check, across domains. */
import type { Repository } from "../../simulators/repository.js";
import { dockerfileIntent } from "./dockerfile.js";
import { filesKept } from "./files.js";
import { noSuppressions } from "./suppressions.js";
import type { IntentCheck } from "./types.js";

const CHECKS: IntentCheck[] = [filesKept, noSuppressions, dockerfileIntent];

export function intentViolations(before: Repository, after: Repository): string[] {
  return CHECKS.flatMap((check) => check(before, after));
}
