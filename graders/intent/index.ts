/** Every intent check, across domains. */
import type { Repository } from "../../simulators/repository.js";
import { dockerfileIntent } from "./dockerfile.js";
import { filesKept } from "./files.js";
import { k8sIntent } from "./k8s.js";
import { noSuppressions } from "./suppressions.js";
import type { IntentCheck } from "./types.js";
import { workflowIntent } from "./workflow.js";

const CHECKS: IntentCheck[] = [filesKept, noSuppressions, dockerfileIntent, workflowIntent, k8sIntent];

export function intentViolations(before: Repository, after: Repository): string[] {
  return CHECKS.flatMap((check) => check(before, after));
}
