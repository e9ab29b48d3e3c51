/**
 * Every Kubernetes rule, in code order, which is also the order rules of one phase judge an event in. Codes
 * are stable: a retired rule's code is never reused.
 */
import type { K8sRule } from "../events.js";
import { commandNotFound } from "./command-not-found.js";
import { imagePull } from "./image-pull.js";
import { insufficientResources } from "./insufficient-resources.js";
import { livenessProbe } from "./liveness-probe.js";
import { missingConfigReference } from "./missing-config-reference.js";
import { missingRequiredEnv } from "./missing-required-env.js";
import { oomKilled } from "./oom-killed.js";
import { readinessProbe } from "./readiness-probe.js";
import { ingressBackend } from "./ingress-backend.js";
import { ingressClass } from "./ingress-class.js";
import { networkPolicyBlocks } from "./network-policy-blocks.js";
import { serviceNoEndpoints } from "./service-no-endpoints.js";
import { servicePortsRequired } from "./service-ports-required.js";
import { serviceTargetPort } from "./service-target-port.js";
import { fieldType } from "./field-type.js";
import { generateName } from "./generate-name.js";
import { invalidName } from "./invalid-name.js";
import { invalidQuantity } from "./invalid-quantity.js";
import { limitBelowRequest } from "./limit-below-request.js";
import { missingName } from "./missing-name.js";
import { missingTypeMeta } from "./missing-type-meta.js";
import { podFailurePolicy } from "./pod-failure-policy.js";
import { portRange } from "./port-range.js";
import { requiredField } from "./required-field.js";
import { selectorMismatch } from "./selector-mismatch.js";
import { unknownField } from "./unknown-field.js";
import { unknownKind } from "./unknown-kind.js";
import { unsupportedValue } from "./unsupported-value.js";
import { yamlSyntax } from "./yaml-syntax.js";

export const K8S_RULES = [
  yamlSyntax,
  missingTypeMeta,
  missingName,
  generateName,
  unknownKind,
  fieldType,
  unknownField,
  invalidQuantity,
  requiredField,
  unsupportedValue,
  selectorMismatch,
  invalidName,
  portRange,
  limitBelowRequest,
  podFailurePolicy,
  insufficientResources,
  imagePull,
  missingConfigReference,
  commandNotFound,
  missingRequiredEnv,
  oomKilled,
  livenessProbe,
  readinessProbe,
  serviceNoEndpoints,
  serviceTargetPort,
  ingressBackend,
  ingressClass,
  networkPolicyBlocks,
  servicePortsRequired,
] as const satisfies readonly K8sRule[];
