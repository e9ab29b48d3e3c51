/**
 * How a request travels: a Service picks Ready pods by label (its endpoints), forwards its port to a
 * targetPort (a number or a container port's name) where the app must listen.
 */
import { isLoopback } from "../docker/app-start.js";
import { isBuiltInGroup } from "./api-catalogue.js";
import type { Cluster } from "./cluster.js";
import { arrayAt, isObject, labelsAt, stringAt, type JsonObject, type K8sObject } from "./object.js";
import { resolvePort } from "./probes.js";
import { podCount, podLabels, selects, type ContainerRef } from "./workload.js";

export type Endpoints =
  /** Ready pods back the Service. */
  | { state: "ready"; pods: K8sObject[] }
  /** Nothing backs it: no pod matches, or the matching workloads run no pods. */
  | { state: "none"; matched: K8sObject[] }
  /** Cannot tell: the matching pods stopped earlier, an object was refused, or the Service has no selector. */
  | { state: "unknown" };

export function serviceSelector(svc: K8sObject): Record<string, string> {
  return labelsAt(svc.value, ["spec", "selector"]);
}

/** Whether the Service routes to pods it selects (not ExternalName, not selector-less with manual Endpoints). */
export function routesToPods(svc: K8sObject): boolean {
  return svc.kind === "Service" && stringAt(svc.value, ["spec", "type"]) !== "ExternalName" && Object.keys(serviceSelector(svc)).length > 0;
}

/** The Service's endpoints in the simulated cluster. */
export function endpointsOf(cluster: Cluster, svc: K8sObject): Endpoints {
  if (!routesToPods(svc)) return { state: "unknown" };
  const selector = serviceSelector(svc);
  const matched = cluster.workloads(svc.namespace).filter((w) => selects(selector, podLabels(w)));
  const ready = matched.filter((w) => cluster.serving(w));
  if (ready.length > 0) return { state: "ready", pods: ready };
  if (matched.some((w) => podCount(w) > 0 && cluster.stopped(w))) return { state: "unknown" };
  if (cluster.anyRefused()) return { state: "unknown" };
  // Linting, a custom resource in the namespace (an Alertmanager, a Prometheus) is an operator's to turn into
  // pods we never see, with the labels its Service selects.
  if (!cluster.worldKnown && matched.length === 0 && cluster.applied().some((o) => o.namespace === svc.namespace && !isBuiltInGroup(o.apiVersion))) return { state: "unknown" };
  return { state: "none", matched };
}

/** The Service's ports, with their paths. */
export function servicePorts(svc: K8sObject): { spec: JsonObject; index: number }[] {
  return arrayAt(svc.value, ["spec", "ports"]).flatMap((p, index) => (isObject(p) ? [{ spec: p, index }] : []));
}

/** Where a Service port's targetPort lands in one container: the port it resolves to there, and where the app listens. */
export interface PortLanding {
  container: ContainerRef;
  target: number | undefined;
  listening: number | undefined;
  /** The server binds loopback only: nothing from outside the pod reaches it, whatever the port. */
  loopback: boolean;
}

/** One port of a Service and where kube-proxy sends its traffic. */
export interface ServicePortRoute {
  /** Index in `spec.ports`. */
  index: number;
  port: unknown;
  /** The targetPort as written, or the port itself when there is none. */
  target: unknown;
  targetField: "targetPort" | "port";
  name: string | undefined;
  /** The first Ready pod behind it and where the port lands in each of its containers; absent without Ready endpoints. */
  backend?: { pod: K8sObject; containers: PortLanding[] };
}

export function servicePortRoutes(cluster: Cluster, svc: K8sObject, endpoints: Endpoints): ServicePortRoute[] {
  return servicePorts(svc).map(({ spec, index }) => {
    const target = spec["targetPort"] ?? spec["port"];
    const pod = endpoints.state === "ready" ? endpoints.pods[0] : undefined;
    return {
      index,
      port: spec["port"],
      target,
      targetField: spec["targetPort"] === undefined ? "port" : "targetPort",
      name: typeof spec["name"] === "string" ? spec["name"] : undefined,
      ...(pod ? { backend: { pod, containers: cluster.containers(pod).map((c) => ({ container: c, target: resolvePort(c, target), listening: cluster.listeningPort(c), loopback: isBoundToLoopback(cluster.listeningAddress(c)) })) } } : {}),
    };
  });
}

function isBoundToLoopback(address: string | undefined): boolean {
  return address !== undefined && isLoopback(address);
}
