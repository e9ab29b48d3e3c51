/** The workflow fault injectors, in the order they were added. */
import type { Injector } from "../injector.js";
import { buildxMissingCacheExport } from "./buildx-missing-cache-export.js";
import { buildxMissingMultiplatform } from "./buildx-missing-multiplatform.js";
import { checkoutAfterBuild } from "./checkout-after-build.js";
import { ghcrLoginDockerhubCredentials } from "./ghcr-login-dockerhub-credentials.js";
import { jobRunsOnMissing } from "./job-runs-on-missing.js";
import { loginCredentialsMissing } from "./login-credentials-missing.js";
import { packagesWriteMissing } from "./packages-write-missing.js";
import { permissionScopeInvalid } from "./permission-scope-invalid.js";
import { registryLoginMissing } from "./registry-login-missing.js";
import { secretEnvOnOtherStep } from "./secret-env-on-other-step.js";
import { secretEnvUnmapped } from "./secret-env-unmapped.js";
import { secretExpressionMalformed } from "./secret-expression-malformed.js";
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
  secretEnvOnOtherStep,
  secretExpressionMalformed,
  loginCredentialsMissing,
  ghcrLoginDockerhubCredentials,
  packagesWriteMissing,
  permissionScopeInvalid,
  registryLoginMissing,
  buildxMissingMultiplatform,
  buildxMissingCacheExport,
];
