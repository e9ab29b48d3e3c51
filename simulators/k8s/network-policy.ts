/**
 * NetworkPolicy semantics for inbound traffic, as the docs define them: a pod selected by some policy with
 * the Ingress type is isolated, and only what one of those policies' rules allows gets in. `ingress: []`
 * (or no `ingress` at all) allows nothing; `ingress: [{}]` allows everything.
 */
import type { Cluster } from "./cluster.js";
import { ingressBackends } from "./ingress.js";
import { arrayAt, isObject, labelsAt, objectAt, stringAt, type JsonObject, type K8sObject } from "./object.js";
import { resolvePort } from "./probes.js";
import { labelSelectorMatches } from "./selectors.js";
import { endpointsOf, routesToPods, servicePorts } from "./traffic.js";
import { podLabels } from "./workload.js";

/** Who is connecting: a pod (its namespace and labels, its IP), or an unknown client in the pod's namespace. */
export interface TrafficSource {
  namespace: string;
  labels: Record<string, string>;
  namespaceLabels: Record<string, string>;
  ip: string;
}

/** The ingress-nginx controller pod, as the chart deploys it. */
export const INGRESS_CONTROLLER: TrafficSource = {
  namespace: "ingress-nginx",
  labels: { "app.kubernetes.io/name": "ingress-nginx", "app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "ingress-nginx" },
  namespaceLabels: { "kubernetes.io/metadata.name": "ingress-nginx", name: "ingress-nginx" },
  ip: "10.244.0.5",
};

/** Whether the policy isolates selected pods for inbound traffic. */
function governsIngress(policy: K8sObject): boolean {
  const types = arrayAt(policy.value, ["spec", "policyTypes"]);
  return types.length === 0 ? true : types.includes("Ingress");
}

/** Policies that isolate the pods of `workload` (labels `podLabels`) for inbound traffic. */
export function isolatingPolicies(policies: readonly K8sObject[], namespace: string, podLabels: Record<string, string>): K8sObject[] {
  return policies.filter((p) => p.namespace === namespace && governsIngress(p) && labelSelectorMatches(objectAt(p.value, ["spec", "podSelector"]) ?? {}, podLabels));
}

function ipv4(ip: string): number | undefined {
  const parts = ip.split(".").map(Number);
  return parts.length === 4 && parts.every((n) => Number.isInteger(n) && n >= 0 && n < 256) ? parts.reduce((a, n) => a * 256 + n, 0) : undefined;
}

function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split("/");
  const a = ipv4(ip);
  const b = ipv4(base ?? "");
  const n = Number(bits ?? 32);
  if (a === undefined || b === undefined || !(n >= 0 && n <= 32)) return false;
  const size = 2 ** (32 - n);
  return Math.floor(a / size) === Math.floor(b / size);
}

function peerAdmits(peer: JsonObject, policy: K8sObject, source: TrafficSource): boolean {
  const block = objectAt(peer, ["ipBlock"]);
  if (block) {
    const cidr = stringAt(block, ["cidr"]) ?? "";
    const except = arrayAt(block, ["except"]).filter((e): e is string => typeof e === "string");
    return inCidr(source.ip, cidr) && !except.some((e) => inCidr(source.ip, e));
  }
  const pods = objectAt(peer, ["podSelector"]);
  const namespaces = objectAt(peer, ["namespaceSelector"]);
  const namespaceOk = namespaces ? labelSelectorMatches(namespaces, source.namespaceLabels) : source.namespace === policy.namespace;
  return namespaceOk && (!pods || labelSelectorMatches(pods, source.labels));
}

function portAdmits(rulePorts: unknown[], port: number, portName: string | undefined): boolean {
  if (rulePorts.length === 0) return true;
  return rulePorts.some((p) => {
    if (!isObject(p)) return false;
    if (p["protocol"] !== undefined && p["protocol"] !== "TCP") return false;
    const value = p["port"];
    if (value === undefined) return true;
    if (typeof value === "string") return value === portName;
    if (typeof value !== "number") return false;
    const end = typeof p["endPort"] === "number" ? p["endPort"] : value;
    return port >= value && port <= end;
  });
}

/**
 * Whether `policies` let `source` reach `port` (named `portName` in the container). A source of undefined
 * stands for a client nobody named: then only the ports matter, since some client could match the peers.
 */
export function admits(policies: readonly K8sObject[], source: TrafficSource | undefined, port: number, portName: string | undefined): boolean {
  if (policies.length === 0) return true;
  return policies.some((policy) =>
    arrayAt(policy.value, ["spec", "ingress"]).some((rule) => {
      if (!isObject(rule) || !portAdmits(arrayAt(rule, ["ports"]), port, portName)) return false;
      const from = arrayAt(rule, ["from"]);
      return from.length === 0 || source === undefined || from.some((peer) => isObject(peer) && peerAdmits(peer, policy, source));
    }),
  );
}

/** Labels a namespace carries: its automatic name label, plus those of a Namespace object in the repository. */
export function namespaceLabels(objects: readonly K8sObject[], namespace: string): Record<string, string> {
  const declared = objects.find((o) => o.kind === "Namespace" && o.name === namespace);
  return { ...(declared ? labelsAt(declared.value, ["metadata", "labels"]) : {}), "kubernetes.io/metadata.name": namespace };
}

/** Traffic a Service sends to one of its Ready pods on one port, and what the policies isolating the pod do to it. */
export interface TrafficFlow {
  service: K8sObject;
  /** The Service port the client calls. */
  servicePort: unknown;
  pod: K8sObject;
  /** The container port the traffic arrives on, and that port's name in the container. */
  port: number;
  portName: string | undefined;
  /** The ingress controller for a Service an Ingress routes to; undefined for a client nobody named. */
  source: TrafficSource | undefined;
  /** Each policy that isolates the pod, and whether it lets this traffic in. */
  verdicts: { policy: K8sObject; admits: boolean }[];
  /** Some isolating policy lets it in. */
  admitted: boolean;
}

/** What the accepted NetworkPolicies do to the traffic of every Service with Ready pods. */
export interface PolicyTraffic {
  /** Flows to pods some policy isolates, in Service, pod and port order. */
  flows: TrafficFlow[];
  /** Namespaces with a Service whose pods are not Ready: what the policies do to its traffic cannot be seen. */
  unseen: Set<string>;
}

export function policyTraffic(cluster: Cluster): PolicyTraffic {
  const policies = cluster.applied("NetworkPolicy");
  const services = cluster.applied("Service").filter(routesToPods);
  const fromController = new Set<K8sObject>();
  for (const ing of cluster.applied("Ingress")) {
    for (const b of ingressBackends(ing)) {
      const svc = services.find((s) => s.name === b.service && s.namespace === ing.namespace);
      if (svc) fromController.add(svc);
    }
  }
  const out: PolicyTraffic = { flows: [], unseen: new Set() };
  for (const svc of services) {
    const endpoints = endpointsOf(cluster, svc);
    if (endpoints.state !== "ready") {
      out.unseen.add(svc.namespace);
      continue;
    }
    for (const pod of endpoints.pods) {
      const isolating = isolatingPolicies(policies, pod.namespace, podLabels(pod));
      if (isolating.length === 0) continue;
      for (const { spec } of servicePorts(svc)) {
        const target = spec["targetPort"] ?? spec["port"];
        const c = cluster.containers(pod).find((c) => resolvePort(c, target) !== undefined);
        const port = c ? resolvePort(c, target) : undefined;
        if (!c || port === undefined) continue;
        const declared = arrayAt(c.container, ["ports"]).find((p) => isObject(p) && p["containerPort"] === port);
        const portName = isObject(declared) && typeof declared["name"] === "string" ? declared["name"] : undefined;
        const source = fromController.has(svc) ? INGRESS_CONTROLLER : undefined;
        const verdicts = isolating.map((policy) => ({ policy, admits: admits([policy], source, port, portName) }));
        out.flows.push({ service: svc, servicePort: spec["port"], pod, port, portName, source, verdicts, admitted: verdicts.some((v) => v.admits) });
      }
    }
  }
  return out;
}

function isEmptySelector(v: unknown): boolean {
  return isObject(v) && Object.values(v).every((x) => x === null || (isObject(x) && Object.keys(x).length === 0) || (Array.isArray(x) && x.length === 0));
}

/** A peer every source matches: `namespaceSelector: {}` (alone or with an empty podSelector) or 0.0.0.0/0. */
function peerAdmitsAll(peer: unknown): boolean {
  if (!isObject(peer)) return false;
  const block = peer["ipBlock"];
  if (isObject(block) && (block["cidr"] === "0.0.0.0/0" || block["cidr"] === "::/0") && !(Array.isArray(block["except"]) && block["except"].length > 0)) return true;
  return "namespaceSelector" in peer && isEmptySelector(peer["namespaceSelector"] ?? {}) && (!("podSelector" in peer) || isEmptySelector(peer["podSelector"] ?? {}));
}

/**
 * What a policy restricts, as the API server reads it: whether it isolates its pods for ingress (policyTypes
 * lists Ingress, or is absent and the policy is not egress-only), and whether some ingress rule admits every
 * source (a rule without `from`, or a peer every pod or address matches).
 */
export function policyReach(policy: K8sObject): { isolatesIngress: boolean; admitsEverySource: boolean } {
  const spec = objectAt(policy.value, ["spec"]) ?? {};
  const types = Array.isArray(spec["policyTypes"]) ? spec["policyTypes"].map(String) : null;
  const rules = Array.isArray(spec["ingress"]) ? spec["ingress"] : [];
  const admitsEverySource = rules.some((rule) => !isObject(rule) || !Array.isArray(rule["from"]) || rule["from"].length === 0 || rule["from"].some(peerAdmitsAll));
  return { isolatesIngress: types ? types.includes("Ingress") : true, admitsEverySource };
}
