/**
 * The Go names the API server's JSON decoder uses in its errors (`Go struct field ContainerPort.spec...
 * of type int32`). The schema we validate with has no Go names, so these are derived from the field's
 * parent, for the structs manifests really get wrong; others fall back to the capitalised field name.
 */
import type { FieldPath } from "./object.js";

const STRUCT_BY_FIELD: Record<string, string> = {
  containers: "Container", initContainers: "Container", ephemeralContainers: "EphemeralContainer",
  env: "EnvVar", envFrom: "EnvFromSource", valueFrom: "EnvVarSource", configMapKeyRef: "ConfigMapKeySelector",
  secretKeyRef: "SecretKeySelector", configMapRef: "ConfigMapEnvSource", secretRef: "SecretEnvSource",
  resources: "ResourceRequirements", livenessProbe: "Probe", readinessProbe: "Probe", startupProbe: "Probe",
  httpGet: "HTTPGetAction", tcpSocket: "TCPSocketAction", exec: "ExecAction", metadata: "ObjectMeta",
  template: "PodTemplateSpec", volumes: "Volume", volumeMounts: "VolumeMount", strategy: "DeploymentStrategy",
  rollingUpdate: "RollingUpdateDeployment", rules: "IngressRule", http: "HTTPIngressRuleValue", paths: "HTTPIngressPath",
  backend: "IngressBackend", defaultBackend: "IngressBackend", tls: "IngressTLS", jobTemplate: "JobTemplateSpec",
  volumeClaimTemplates: "PersistentVolumeClaim", configMap: "ConfigMapVolumeSource", secret: "SecretVolumeSource",
  persistentVolumeClaim: "PersistentVolumeClaimVolumeSource", emptyDir: "EmptyDirVolumeSource",
  ingress: "NetworkPolicyIngressRule", egress: "NetworkPolicyEgressRule", from: "NetworkPolicyPeer", to: "NetworkPolicyPeer",
  podSelector: "LabelSelector", namespaceSelector: "LabelSelector", matchExpressions: "LabelSelectorRequirement",
  subjects: "Subject", roleRef: "RoleRef",
};

/** Fields whose Go type is a plain map rather than a struct. */
const STRING_MAPS = new Set(["labels", "annotations", "data", "stringData", "matchLabels", "nodeSelector", "binaryData"]);
/** Integer fields that are int64 in Go; every other schema integer is int32. */
const INT64_FIELDS = new Set(["activeDeadlineSeconds", "terminationGracePeriodSeconds", "runAsUser", "runAsGroup", "fsGroup", "startingDeadlineSeconds", "generation", "expirationSeconds"]);

/** The Go struct holding the field at `path` (indices dropped), e.g. `ContainerPort` for a containerPort. */
export function goStructOf(kind: string, path: FieldPath): string {
  const names = path.filter((s): s is string => typeof s === "string");
  const parent = names[names.length - 2];
  const grandparent = names[names.length - 3];
  if (parent === undefined) return kind;
  if (parent === "ports") return grandparent === "spec" && kind === "Service" ? "ServicePort" : "ContainerPort";
  if (parent === "spec") return grandparent === "template" || grandparent === "podTemplate" ? "PodSpec" : `${kind}Spec`;
  if (parent === "selector") return kind === "Service" ? "ServiceSpec" : "LabelSelector";
  if (parent === "securityContext") return grandparent === "spec" ? "PodSecurityContext" : "SecurityContext";
  if (parent === "service" && kind === "Ingress") return "IngressServiceBackend";
  if (parent === "port" && kind === "Ingress") return "ServiceBackendPort";
  return STRUCT_BY_FIELD[parent] ?? parent.charAt(0).toUpperCase() + parent.slice(1);
}

/** The Go type a schema type decodes into, for the field named `field`. */
export function goTypeOf(schemaType: string, field: string): string {
  switch (schemaType) {
    case "integer":
      return INT64_FIELDS.has(field) ? "int64" : "int32";
    case "number":
      return "float64";
    case "boolean":
      return "bool";
    case "string":
      return "string";
    case "array":
      return `[]v1.${STRUCT_BY_FIELD[field] ?? "string"}`.replace("[]v1.string", "[]string");
    default:
      return STRING_MAPS.has(field) ? "map[string]string" : `v1.${STRUCT_BY_FIELD[field] ?? field.charAt(0).toUpperCase() + field.slice(1)}`;
  }
}

/** How encoding/json names the JSON type it found: `string`, `number`, `bool`, `array`, `object`. */
export function jsonTypeOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "object") return "object";
  return typeof value;
}
