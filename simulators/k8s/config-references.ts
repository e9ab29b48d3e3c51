/**
 * The ConfigMaps and Secrets a container needs before the kubelet can create it: those its `envFrom` and
 * `env[].valueFrom` name, and those behind the pod's volumes it mounts, in the order the kubelet resolves them.
 */
import { arrayAt, isObject, objectAt, type FieldPath, type K8sObject } from "./object.js";
import { podSpecPath, type ContainerRef } from "./workload.js";

export type ConfigKind = "ConfigMap" | "Secret";

export interface ConfigReference {
  kind: ConfigKind;
  name: string;
  /** The key an env entry takes (configMapKeyRef, secretKeyRef). */
  key?: string;
  /** `optional: true`: the kubelet goes on without it. */
  optional: boolean;
  /** Path of the field that names it. */
  path: FieldPath;
  /** The volume it backs, for a mounted ConfigMap or Secret. */
  volume?: string;
}

/** Every reference of container `c` (env, envFrom) and of the pod's volumes that it mounts. */
export function configReferences(o: K8sObject, c: ContainerRef): ConfigReference[] {
  const out: ConfigReference[] = [];
  const add = (kind: ConfigKind, ref: unknown, path: FieldPath, nameField = "name", volume?: string) => {
    if (!isObject(ref) || typeof ref[nameField] !== "string") return;
    out.push({
      kind,
      name: ref[nameField],
      optional: ref["optional"] === true,
      path: [...path, nameField],
      ...(typeof ref["key"] === "string" ? { key: ref["key"] } : {}),
      ...(volume === undefined ? {} : { volume }),
    });
  };
  arrayAt(c.container, ["envFrom"]).forEach((f, i) => {
    if (!isObject(f)) return;
    add("ConfigMap", f["configMapRef"], [...c.path, "envFrom", i, "configMapRef"]);
    add("Secret", f["secretRef"], [...c.path, "envFrom", i, "secretRef"]);
  });
  arrayAt(c.container, ["env"]).forEach((e, i) => {
    const from = isObject(e) ? objectAt(e, ["valueFrom"]) : undefined;
    if (!from) return;
    add("ConfigMap", from["configMapKeyRef"], [...c.path, "env", i, "valueFrom", "configMapKeyRef"]);
    add("Secret", from["secretKeyRef"], [...c.path, "env", i, "valueFrom", "secretKeyRef"]);
  });
  const mounted = new Set(arrayAt(c.container, ["volumeMounts"]).map((m) => (isObject(m) ? m["name"] : undefined)));
  arrayAt(o.value, [...podSpecPath(o), "volumes"]).forEach((v, i) => {
    if (!isObject(v) || !mounted.has(v["name"])) return;
    const path = [...podSpecPath(o), "volumes", i];
    const volume = String(v["name"]);
    add("ConfigMap", v["configMap"], [...path, "configMap"], "name", volume);
    add("Secret", v["secret"], [...path, "secret"], "secretName", volume);
  });
  return out;
}
