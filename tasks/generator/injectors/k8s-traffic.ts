/**
 * Traffic through Services, Ingresses and NetworkPolicies as the k8s injectors reason about it, with the
 * simulator's own model of selectors and policies: which workloads a Service selects, which Services an
 * Ingress routes to, and which policies drop a flow to a pod's port (each policy isolating the pod reports
 * K8S034 when none of them lets the flow in).
 */
import { ingressBackends } from "../../../simulators/k8s/ingress.js";
import { admits, INGRESS_CONTROLLER, isolatingPolicies } from "../../../simulators/k8s/network-policy.js";
import { labelsAt, type K8sObject } from "../../../simulators/k8s/object.js";
import { selects } from "../../../simulators/k8s/workload.js";
import { arrayAt, containersOf, isObject, podLabels, resolvePort, runsSomePods, workloads } from "./k8s-manifests.js";

/** The Service's selector (string labels), or an empty one. */
export function serviceSelector(svc: K8sObject): Record<string, string> {
  return labelsAt(svc.value, ["spec", "selector"]);
}

/** Workloads of the Service's namespace that run pods its selector selects. */
export function selectedWorkloads(objects: readonly K8sObject[], svc: K8sObject): K8sObject[] {
  const selector = serviceSelector(svc);
  return workloads(objects).filter((w) => w.namespace === svc.namespace && runsSomePods(w) && selects(selector, podLabels(w)));
}

/** Whether some Ingress of the Service's namespace routes to it (then the ingress controller is the flow's source). */
export function routedByIngress(objects: readonly K8sObject[], svc: K8sObject): boolean {
  return objects.some((o) => o.kind === "Ingress" && o.namespace === svc.namespace && ingressBackends(o).some((b) => b.service === svc.name));
}

/** The name a workload's containers give container port `port`, if any. */
export function portNameOf(workload: K8sObject, port: number): string | undefined {
  for (const c of containersOf(workload)) {
    for (const p of arrayAt(c.container, ["ports"])) if (isObject(p) && p["containerPort"] === port && typeof p["name"] === "string") return p["name"];
  }
  return undefined;
}

/**
 * Files of the NetworkPolicies that report a flow to `port` of the workload's pods as dropped: every policy
 * isolating the pods, when none of them lets the flow in; none when one does or none isolates them.
 */
export function blockingPolicyFiles(objects: readonly K8sObject[], workload: K8sObject, port: number, viaIngress: boolean): string[] {
  const policies = objects.filter((o) => o.kind === "NetworkPolicy");
  const isolating = isolatingPolicies(policies, workload.namespace, podLabels(workload));
  if (isolating.length === 0 || admits(isolating, viaIngress ? INGRESS_CONTROLLER : undefined, port, portNameOf(workload, port))) return [];
  return [...new Set(isolating.map((p) => p.file))].sort();
}

/** Files of the NetworkPolicies that drop some flow through a Service to the pods it selects (each reports K8S034). */
export function droppingPolicyFiles(objects: readonly K8sObject[]): string[] {
  const out = new Set<string>();
  for (const svc of objects.filter((o) => o.kind === "Service")) {
    const viaIngress = routedByIngress(objects, svc);
    for (const workload of selectedWorkloads(objects, svc)) {
      for (const p of arrayAt(svc.value, ["spec", "ports"])) {
        if (!isObject(p)) continue;
        const port = containersOf(workload).map((c) => resolvePort(c, p["targetPort"] ?? p["port"])).find((n) => n !== undefined);
        if (port !== undefined) for (const file of blockingPolicyFiles(objects, workload, port, viaIngress)) out.add(file);
      }
    }
  }
  return [...out].sort();
}
