/** Every workflow rule, in the order they judge an event: GitHub's parse checks first, then the run's. */
import type { WorkflowRule } from "../events.js";
import { actionReference } from "./action-reference.js";
import { actionVersionMissing } from "./action-version-missing.js";
import { artifactNotFound } from "./artifact-not-found.js";
import { badSubstitution } from "./bad-substitution.js";
import { builderDriverUnsupported } from "./builder-driver-unsupported.js";
import { choiceDefault } from "./choice-default.js";
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
import { matrixExclude } from "./matrix-exclude.js";
import { matrixTooLarge } from "./matrix-too-large.js";
import { missingRunsOn } from "./missing-runs-on.js";
import { nodeOptionUnsupported } from "./node-option-unsupported.js";
import { npmEngineUnsupported } from "./npm-engine-unsupported.js";
import { missingTriggers } from "./missing-triggers.js";
import { permissions } from "./permissions.js";
import { pushPermissionDenied } from "./push-permission-denied.js";
import { pushUnauthenticated } from "./push-unauthenticated.js";
import { runnerLabelUnknown } from "./runner-label-unknown.js";
import { scriptExit } from "./script-exit.js";
import { stepKind } from "./step-kind.js";
import { triggerFilter } from "./trigger-filter.js";
import { unknownTrigger } from "./unknown-trigger.js";
import { workflowSchema } from "./workflow-schema.js";
import { workspaceFileMissing } from "./workspace-file-missing.js";
import { yamlSyntax } from "./yaml-syntax.js";

/**
 * Dispatch order. Parse rules all judge the parsed file (GitHub lists every error). Among run rules only the
 * order of those sharing an event matters: a login with an empty credential never reaches the registry
 * (GHA102 before GHA103), and a push without a login is refused before any permission is looked at (GHA104
 * before GHA105).
 */
export const WORKFLOW_RULES = [
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
  matrixExclude,
  matrixTooLarge,
  choiceDefault,
  workspaceFileMissing,
  loginCredentialsEmpty,
  loginDenied,
  pushUnauthenticated,
  pushPermissionDenied,
  imageNotBuilt,
  badSubstitution,
  scriptExit,
  commandArgumentEmpty,
  builderDriverUnsupported,
  artifactNotFound,
  npmEngineUnsupported,
  nodeOptionUnsupported,
  runnerLabelUnknown,
  actionVersionMissing,
  linuxContainersUnavailable,
] as const satisfies readonly WorkflowRule[];
