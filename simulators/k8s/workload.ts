/**
 * Objects that run pods (Deployments, StatefulSets, DaemonSets, ReplicaSets, Jobs, CronJobs, bare Pods) and
 * where, inside each, the pod template, its labels and its containers sit.
 */
import { arrayAt, isObject, labelsAt, valueAt, type FieldPath, type JsonObject, type K8sObject } from "./object.js";

/** Path of the pod template (metadata + spec) of each kind that runs pods; [] for a Pod, which is its own. */
const TEMPLATE_PATHS: Record<string, FieldPath> = {
  Deployment: ["spec", "template"],
  StatefulSet: ["spec", "template"],
  DaemonSet: ["spec", "template"],
  ReplicaSet: ["spec", "template"],
  ReplicationController: ["spec", "template"],
  Job: ["spec", "template"],
  CronJob: ["spec", "jobTemplate", "spec", "template"],
  Pod: [],
};

export interface ContainerRef {
  container: JsonObject;
  /** Path of the container inside its object, e.g. `spec.template.spec.containers[0]`. */
  path: FieldPath;
  name: string;
  init: boolean;
  /** The pod's volumes, which the container's volumeMounts name. */
  volumes: JsonObject[];
}

export function runsPods(o: K8sObject): boolean {
  return o.kind in TEMPLATE_PATHS;
}

/** Path of the pod template; undefined for objects that run no pods. */
export function templatePath(o: K8sObject): FieldPath | undefined {
  return TEMPLATE_PATHS[o.kind];
}

export function podSpecPath(o: K8sObject): FieldPath {
  return [...(templatePath(o) ?? []), "spec"];
}

export function podLabels(o: K8sObject): Record<string, string> {
  return labelsAt(o.value, [...(templatePath(o) ?? []), "metadata", "labels"]);
}

/** How many pods the object runs on a one-node cluster: `replicas: 0` and suspended CronJobs run none. */
export function podCount(o: K8sObject): number {
  const spec = valueAt(o.value, ["spec"]);
  switch (o.kind) {
    case "Deployment":
    case "StatefulSet":
    case "ReplicaSet":
    case "ReplicationController": {
      const replicas = isObject(spec) ? spec["replicas"] : undefined;
      return typeof replicas === "number" ? Math.max(0, replicas) : 1;
    }
    case "Job": {
      const parallelism = isObject(spec) ? spec["parallelism"] : undefined;
      return typeof parallelism === "number" ? Math.max(0, parallelism) : 1;
    }
    case "CronJob":
      return isObject(spec) && spec["suspend"] === true ? 0 : 1;
    default:
      return runsPods(o) ? 1 : 0;
  }
}

/** The containers of the pod template, init containers first, as the kubelet starts them. */
export function containersOf(o: K8sObject): ContainerRef[] {
  const spec = podSpecPath(o);
  const out: ContainerRef[] = [];
  const volumes = arrayAt(o.value, [...spec, "volumes"]).filter(isObject);
  for (const [field, init] of [["initContainers", true], ["containers", false]] as const) {
    arrayAt(o.value, [...spec, field]).forEach((c, i) => {
      if (isObject(c)) out.push({ container: c, path: [...spec, field, i], name: typeof c["name"] === "string" ? c["name"] : `${field}[${i}]`, init, volumes });
    });
  }
  return out;
}

/** Whether `labels` carry every key and value of `selector`; an empty selector selects nothing here. */
export function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  const entries = Object.entries(selector);
  return entries.length > 0 && entries.every(([k, v]) => labels[k] === v);
}

/** `app=web,tier=front`, the way kubectl prints a selector. */
export function formatLabels(labels: Record<string, string>): string {
  const entries = Object.entries(labels);
  return entries.length === 0 ? "<none>" : entries.map(([k, v]) => `${k}=${v}`).join(",");
}
