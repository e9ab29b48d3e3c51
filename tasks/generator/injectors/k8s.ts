/** The k8s fault injectors, in the order they were added. */
import type { Injector } from "../injector.js";
import { appBoundToLoopback } from "./app-bound-to-loopback.js";
import { commandFileMissing } from "./command-file-missing.js";
import { configInOtherNamespace } from "./config-in-other-namespace.js";
import { configmapReferenceMissing } from "./configmap-reference-missing.js";
import { containerNameInvalid } from "./container-name-invalid.js";
import { databaseHostUnresolvable } from "./database-host-unresolvable.js";
import { deploymentSelectorMismatch } from "./deployment-selector-mismatch.js";
import { deploymentSelectorMissing } from "./deployment-selector-missing.js";
import { imageTagMissing } from "./image-tag-missing.js";
import { ingressBackendPortWrong } from "./ingress-backend-port-wrong.js";
import { ingressBackendServiceWrong } from "./ingress-backend-service-wrong.js";
import { ingressClassMissing } from "./ingress-class-missing.js";
import { integerFieldQuoted } from "./integer-field-quoted.js";
import { jobRestartPolicyAlways } from "./job-restart-policy-always.js";
import { limitBelowRequest } from "./limit-below-request.js";
import { livenessProbeWrongPath } from "./liveness-probe-wrong-path.js";
import { livenessProbeWrongPort } from "./liveness-probe-wrong-port.js";
import { memoryLimitBelowUse } from "./memory-limit-below-use.js";
import { networkPolicyBlocksTraffic } from "./network-policy-blocks-traffic.js";
import { portEnvConflict } from "./port-env-conflict.js";
import { portOutOfRange } from "./port-out-of-range.js";
import { portQuotedAsName } from "./port-quoted-as-name.js";
import { quantityUnitInvalid } from "./quantity-unit-invalid.js";
import { readinessProbeWrongPath } from "./readiness-probe-wrong-path.js";
import { readinessProbeWrongPort } from "./readiness-probe-wrong-port.js";
import { removedApiVersion } from "./removed-api-version.js";
import { requestsOverNodeCapacity } from "./requests-over-node-capacity.js";
import { requiredEnvRenamed } from "./required-env-renamed.js";
import { secretReferenceMissing } from "./secret-reference-missing.js";
import { serviceSelectorMismatch } from "./service-selector-mismatch.js";
import { serviceTargetPortWrong } from "./service-target-port-wrong.js";
import { unknownFieldTypo } from "./unknown-field-typo.js";
import { unsupportedEnumValue } from "./unsupported-enum-value.js";

export const K8S_INJECTORS: readonly Injector[] = [
  memoryLimitBelowUse,
  requestsOverNodeCapacity,
  imageTagMissing,
  commandFileMissing,
  configmapReferenceMissing,
  secretReferenceMissing,
  configInOtherNamespace,
  requiredEnvRenamed,
  databaseHostUnresolvable,
  livenessProbeWrongPort,
  readinessProbeWrongPort,
  livenessProbeWrongPath,
  readinessProbeWrongPath,
  appBoundToLoopback,
  portEnvConflict,
  serviceSelectorMismatch,
  serviceTargetPortWrong,
  ingressBackendServiceWrong,
  ingressBackendPortWrong,
  networkPolicyBlocksTraffic,
  ingressClassMissing,
  portQuotedAsName,
  integerFieldQuoted,
  limitBelowRequest,
  unknownFieldTypo,
  removedApiVersion,
  unsupportedEnumValue,
  jobRestartPolicyAlways,
  deploymentSelectorMismatch,
  deploymentSelectorMissing,
  quantityUnitInvalid,
  containerNameInvalid,
  portOutOfRange,
];
