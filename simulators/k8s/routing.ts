/**
 * Traffic, once every workload's pods got as far as they could: each Service gets the endpoints its selector
 * finds among Ready pods and forwards each port to where it lands in them; each Ingress is picked up (or not)
 * by a controller of its class and resolves its backends to Services; each NetworkPolicy lets in (or drops)
 * the traffic that reaches the pods it isolates. Each is an event the rules judge; a fault here is reported
 * and the rest of the traffic still flows.
 */
import path from "node:path";
import type { UnitRun } from "../engine/engine.js";
import type { Cluster } from "./cluster.js";
import type { K8sEvent, K8sSubject } from "./events.js";
import { podName } from "./identity.js";
import { ingressBackends, ingressClassOf, resolveBackend } from "./ingress.js";
import { policyReach, policyTraffic, type PolicyTraffic } from "./network-policy.js";
import { arrayAt, objectAt, stringAt, type K8sObject } from "./object.js";
import { labelSelectorMatches } from "./selectors.js";
import { endpointsOf, serviceSelector, servicePortRoutes } from "./traffic.js";
import { podCount, podLabels } from "./workload.js";

type ObjectUnit = UnitRun<K8sEvent, K8sSubject>;

function serviceEvent(svc: K8sObject, cluster: Cluster): K8sEvent {
  const endpoints = endpointsOf(cluster, svc);
  return {
    type: "service-routed",
    object: svc,
    serviceType: stringAt(svc.value, ["spec", "type"]) ?? "ClusterIP",
    selector: serviceSelector(svc),
    endpoints,
    ports: servicePortRoutes(cluster, svc, endpoints),
    workloads: cluster.workloads(svc.namespace).map((w) => ({ object: w, pod: podName(w), pods: podCount(w), labels: podLabels(w) })),
  };
}

/**
 * Linting a user's files, a repository may keep alternative deployments of one application that are never
 * applied together (GoogleCloudPlatform/bank-of-anthos: extras/cloudsql/ and extras/postgres-hpa/, each with a
 * Service "frontend" of its own ports): an Ingress's backend is the Service of that name nearest to it, in its
 * own file, else its own directory, else the first. An episode's cluster is one apply and keeps its order.
 */
function nearestFirst(services: readonly K8sObject[], ing: K8sObject, worldKnown: boolean): K8sObject[] {
  if (worldKnown) return [...services];
  const dir = (file: string) => path.posix.dirname(file);
  const distance = (s: K8sObject) => (s.file === ing.file ? 0 : dir(s.file) === dir(ing.file) ? 1 : 2);
  return [...services].sort((a, b) => distance(a) - distance(b));
}

function ingressEvent(ing: K8sObject, cluster: Cluster): K8sEvent {
  const services = nearestFirst(cluster.applied("Service").filter((s) => s.namespace === ing.namespace), ing, cluster.worldKnown);
  const applied = cluster.applied();
  return {
    type: "ingress-routed",
    object: ing,
    ingressClass: ingressClassOf(ing, cluster.world, cluster.applied("IngressClass")),
    services: services.length,
    serviceRefused: cluster.anyRefused("Service"),
    backends: ingressBackends(ing).map((b) => ({ ...b, target: resolveBackend(b, services, applied) })),
  };
}

function policyEvent(policy: K8sObject, cluster: Cluster, traffic: PolicyTraffic): K8sEvent {
  const podSelector = objectAt(policy.value, ["spec", "podSelector"]) ?? {};
  return {
    type: "policy-traffic",
    object: policy,
    podSelector,
    policyTypes: arrayAt(policy.value, ["spec", "policyTypes"]).filter((t): t is string => typeof t === "string"),
    selects: cluster.workloads(policy.namespace).filter((w) => labelSelectorMatches(podSelector, podLabels(w))),
    ingress: arrayAt(policy.value, ["spec", "ingress"]).map((rule) => ({ from: arrayAt(rule, ["from"]), ports: arrayAt(rule, ["ports"]) })),
    flows: traffic.flows.filter((f) => f.verdicts.some((v) => v.policy === policy)),
    unseen: traffic.unseen.has(policy.namespace),
    ...policyReach(policy),
  };
}

/** Routes the traffic of every accepted Service, Ingress and NetworkPolicy, each on its own unit. */
export function routeTraffic(units: ReadonlyMap<K8sObject, ObjectUnit>, cluster: Cluster): void {
  let traffic: PolicyTraffic | undefined;
  for (const o of cluster.applied()) {
    const unit = units.get(o);
    if (!unit) continue;
    let event: K8sEvent | undefined;
    if (o.kind === "Service") event = serviceEvent(o, cluster);
    else if (o.kind === "Ingress") event = ingressEvent(o, cluster);
    else if (o.kind === "NetworkPolicy") event = policyEvent(o, cluster, (traffic ??= policyTraffic(cluster)));
    if (!event) continue;
    unit.enter("route");
    unit.emit(event);
  }
}
