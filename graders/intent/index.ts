/** Every intent check, across domains, in the order their violations are listed. */
import { deliveryIntent } from "./delivery.js";
import { DOCKERFILE_CHECKS } from "./dockerfile.js";
import { filesKept } from "./files.js";
import { k8sObjectsKept } from "./k8s.js";
import { HOST_CHECKS } from "./host.js";
import { k8sSettingsKept } from "./k8s-settings.js";
import { runtimeRequirementsKept } from "./runtime-requirements.js";
import { noHardCodedSecrets } from "./secrets.js";
import { noSuppressions } from "./suppressions.js";
import type { IntentCheck, IntentInputs, Violation } from "./types.js";
import { workflowIntent } from "./workflow.js";
import { workflowJobsKept } from "./workflow-runs.js";

export type { IntentCheck, IntentCheckName, IntentInputs, RepositoryState, Violation } from "./types.js";

export const INTENT_CHECKS: readonly IntentCheck[] = [
  filesKept,
  noSuppressions,
  noHardCodedSecrets,
  ...DOCKERFILE_CHECKS,
  workflowIntent,
  workflowJobsKept,
  deliveryIntent,
  runtimeRequirementsKept,
  k8sObjectsKept,
  k8sSettingsKept,
  ...HOST_CHECKS,
];

export function intentViolations(inputs: IntentInputs): Violation[] {
  return INTENT_CHECKS.flatMap((c) => c.check(inputs));
}
