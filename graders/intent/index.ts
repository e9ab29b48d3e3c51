/** Every intent check, across domains. */
import type { Repository } from "../../simulators/repository.js";
import { deliveryIntent } from "./delivery.js";
import { dockerfileIntent } from "./dockerfile.js";
import { filesKept } from "./files.js";
import { k8sIntent } from "./k8s.js";
import { noHardCodedSecrets } from "./secrets.js";
import { noSuppressions } from "./suppressions.js";
import type { IntentCheck } from "./types.js";
import { workflowIntent } from "./workflow.js";

const CHECKS: IntentCheck[] = [filesKept, noSuppressions, noHardCodedSecrets, dockerfileIntent, workflowIntent, deliveryIntent, k8sIntent];

export function intentViolations(before: Repository, after: Repository): string[] {
  return CHECKS.flatMap((check) => check(before, after));
}
