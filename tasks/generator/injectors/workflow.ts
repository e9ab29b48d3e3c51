/** The workflow fault injectors, in the order they were added. */
import type { Injector } from "../injector.js";
import { checkoutAfterBuild } from "./checkout-after-build.js";
import { jobRunsOnMissing } from "./job-runs-on-missing.js";
import { secretEnvUnmapped } from "./secret-env-unmapped.js";
import { stepWithoutAction } from "./step-without-action.js";
import { triggerFilterMisspelt } from "./trigger-filter-misspelt.js";
import { workflowTriggerMissing } from "./workflow-trigger-missing.js";

export const WORKFLOW_INJECTORS: readonly Injector[] = [
  checkoutAfterBuild,
  jobRunsOnMissing,
  triggerFilterMisspelt,
  stepWithoutAction,
  workflowTriggerMissing,
  secretEnvUnmapped,
];
