/** Every workflow rule, parse stage first, in code order. Codes are stable and never reused. */
import type { ParseRule, RunRule, WorkflowRule } from "../rule-base.js";
import { actionReference } from "./action-reference.js";
import { artifactNotFound } from "./artifact-not-found.js";
import { badSubstitution } from "./bad-substitution.js";
import { builderDriverUnsupported } from "./builder-driver-unsupported.js";
import { commandArgumentEmpty } from "./command-argument-empty.js";
import { duplicateKey } from "./duplicate-key.js";
import { expressionContext } from "./expression-context.js";
import { expressionSyntax } from "./expression-syntax.js";
import { imageNotBuilt } from "./image-not-built.js";
import { invalidIdentifier } from "./invalid-identifier.js";
import { jobNeeds } from "./job-needs.js";
import { linuxContainersUnavailable } from "./linux-containers-unavailable.js";
import { loginCredentialsEmpty } from "./login-credentials-empty.js";
import { loginDenied } from "./login-denied.js";
import { missingRunsOn } from "./missing-runs-on.js";
import { nodeOptionUnsupported } from "./node-option-unsupported.js";
import { npmEngineUnsupported } from "./npm-engine-unsupported.js";
import { missingTriggers } from "./missing-triggers.js";
import { permissions } from "./permissions.js";
import { pushPermissionDenied } from "./push-permission-denied.js";
import { pushUnauthenticated } from "./push-unauthenticated.js";
import { runnerLabelUnknown } from "./runner-label-unknown.js";
import { stepKind } from "./step-kind.js";
import { triggerFilter } from "./trigger-filter.js";
import { unknownTrigger } from "./unknown-trigger.js";
import { workflowSchema } from "./workflow-schema.js";
import { workspaceFileMissing } from "./workspace-file-missing.js";
import { yamlSyntax } from "./yaml-syntax.js";

export const parseRules: readonly ParseRule[] = [
  yamlSyntax,
  missingTriggers,
  unknownTrigger,
  triggerFilter,
  workflowSchema,
  missingRunsOn,
  stepKind,
  duplicateKey,
  invalidIdentifier,
  jobNeeds,
  actionReference,
  expressionSyntax,
  expressionContext,
  permissions,
];

export const runRules: readonly RunRule[] = [
  workspaceFileMissing,
  loginCredentialsEmpty,
  loginDenied,
  pushUnauthenticated,
  pushPermissionDenied,
  imageNotBuilt,
  badSubstitution,
  commandArgumentEmpty,
  builderDriverUnsupported,
  artifactNotFound,
  npmEngineUnsupported,
  nodeOptionUnsupported,
  runnerLabelUnknown,
  linuxContainersUnavailable,
];

export const allRules: readonly WorkflowRule[] = [...parseRules, ...runRules];
