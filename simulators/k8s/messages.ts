/**
 * The texts kubectl, the API server and the kubelet print, assembled in one place so that every rule
 * speaks with the same voice: apply errors, `kubectl describe pod` sections and events.
 */
import { versionOf } from "./api-catalogue.js";
import { controllerOf, podName, podUid } from "./identity.js";
import type { K8sObject } from "./object.js";
import type { ContainerRef } from "./workload.js";

/** A decode failure, as `kubectl apply` prints the API server's BadRequest. */
export function cannotBeHandled(o: K8sObject, detail: string): string {
  return `Error from server (BadRequest): error when creating "${o.file}": ${o.kind} in version "${versionOf(o.apiVersion)}" cannot be handled as a ${o.kind}: ${detail}`;
}

/** A validation failure, as `kubectl apply` prints the API server's Invalid. */
export function isInvalid(o: K8sObject, detail: string): string {
  return `The ${o.kind} "${o.name}" is invalid: ${detail}`;
}

/** `<pod>_<namespace>(<uid>)`, how kubelet events name a pod. */
export function podRef(o: K8sObject): string {
  return `${podName(o)}_${o.namespace}(${podUid(o)})`;
}

export interface PodEvent {
  type: "Normal" | "Warning";
  reason: string;
  from: string;
  message: string;
}

const pad = (text: string, width: number) => text.padEnd(width);

/** The Events table of `kubectl describe`. */
export function eventsTable(events: readonly PodEvent[]): string {
  const header = `  ${pad("Type", 9)}${pad("Reason", 18)}${pad("Age", 6)}${pad("From", 19)}Message`;
  const rule = `  ${pad("----", 9)}${pad("------", 18)}${pad("---", 6)}${pad("----", 19)}-------`;
  const rows = events.map((e, i) => `  ${pad(e.type, 9)}${pad(e.reason, 18)}${pad(`${Math.max(5, 60 - i * 10)}s`, 6)}${pad(e.from, 19)}${e.message}`);
  return ["Events:", header, rule, ...rows].join("\n");
}

/** The scheduler's and kubelet's first events for a pod that was placed and had its image pulled. */
export function startEvents(o: K8sObject, c: ContainerRef, image: string): PodEvent[] {
  return [
    { type: "Normal", reason: "Scheduled", from: "default-scheduler", message: `Successfully assigned ${o.namespace}/${podName(o)} to node-1` },
    { type: "Normal", reason: "Pulled", from: "kubelet", message: `Container image "${image}" already present on machine` },
    { type: "Normal", reason: "Created", from: "kubelet", message: `Created container: ${c.name}` },
    { type: "Normal", reason: "Started", from: "kubelet", message: `Started container ${c.name}` },
  ];
}

/** A `kubectl describe pod` excerpt: the pod, the container's state lines, and the events. */
export function describePod(o: K8sObject, c: ContainerRef, stateLines: readonly string[], events: readonly PodEvent[]): string {
  const image = typeof c.container["image"] === "string" ? c.container["image"] : "";
  return [
    `$ kubectl describe pod ${podName(o)}`,
    `Name:             ${podName(o)}`,
    `Namespace:        ${o.namespace}`,
    `Node:             node-1/192.168.49.2`,
    // A Deployment's pods belong to its ReplicaSet; a bare Pod has no controller, and kubectl prints no line then.
    ...(controllerOf(o) === null ? [] : [`Controlled By:    ${controllerOf(o)}`]),
    "Containers:",
    `  ${c.name}:`,
    `    Image:          ${image}`,
    ...stateLines.map((l) => `    ${l}`),
    eventsTable(events),
  ].join("\n");
}

/** The kubelet's CrashLoopBackOff event. */
export function backOffRestarting(o: K8sObject, c: ContainerRef): string {
  return `Back-off restarting failed container ${c.name} in pod ${podRef(o)}`;
}
