/**
 * K8S034: a NetworkPolicy isolates the app's pods and none of the policies selecting them lets the app's
 * traffic in (from the ingress controller for Ingress routes, from any client for a Service). Packets are
 * dropped: clients time out, ingress-nginx answers 504.
 */
import { podIp } from "../identity.js";
import { ingressBackends } from "../ingress.js";
import { admits, INGRESS_CONTROLLER, isolatingPolicies, type TrafficSource } from "../network-policy.js";
import { arrayAt, isObject, objectAt, type K8sObject } from "../object.js";
import { resolvePort } from "../probes.js";
import { defineRule } from "../rule.js";
import { endpointsOf, routesToPods, servicePorts } from "../traffic.js";
import { podLabels } from "../workload.js";
import { APP_FILES, WORLD } from "./fixtures.js";

const POLICY = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: web
spec:
  podSelector:
    matchLabels:
      app: web
  policyTypes: [Ingress]
  ingress:
    - from:
        - namespaceSelector:
            matchLabels:
              kubernetes.io/metadata.name: ingress-nginx
      ports:
        - port: 8080
`;

export const networkPolicyBlocks = defineRule({
  code: "K8S034",
  name: "network-policy-blocks",
  summary: "A NetworkPolicy isolates the app's pods without allowing the traffic its Service or Ingress needs: connections time out",
  stage: "traffic",
  severity: "error",
  phase: "route",
  needsWorld: true,
  appliesTo: (o) => o.kind === "NetworkPolicy",
  check(ctx) {
    const policies = ctx.objects;
    const blocked = new Map<K8sObject, string>();
    const services = ctx.cluster.applied("Service").filter(routesToPods);
    const ingressSources = new Map<K8sObject, TrafficSource>();
    for (const ing of ctx.cluster.applied("Ingress")) {
      for (const b of ingressBackends(ing)) {
        const svc = services.find((s) => s.name === b.service && s.namespace === ing.namespace);
        if (svc) ingressSources.set(svc, INGRESS_CONTROLLER);
      }
    }
    for (const svc of services) {
      const endpoints = endpointsOf(ctx.cluster, svc);
      if (endpoints.state !== "ready") {
        // What the policies would do to this Service's pods cannot be seen: mark the policies selecting its pods.
        for (const p of policies) if (p.namespace === svc.namespace) ctx.undecided(p);
        continue;
      }
      for (const pod of endpoints.pods) {
        const isolating = isolatingPolicies(policies, pod.namespace, podLabels(pod));
        if (isolating.length === 0) continue;
        for (const { spec } of servicePorts(svc)) {
          const target = spec["targetPort"] ?? spec["port"];
          const c = ctx.cluster.containers(pod).find((c) => resolvePort(c, target) !== undefined);
          const port = c ? resolvePort(c, target) : undefined;
          if (!c || port === undefined) continue;
          const portName = arrayAt(c.container, ["ports"]).find((p) => isObject(p) && p["containerPort"] === port);
          const name = isObject(portName) && typeof portName["name"] === "string" ? portName["name"] : undefined;
          const source = ingressSources.get(svc);
          if (admits(isolating, source, port, name)) continue;
          const upstream = `${podIp(pod)}:${port}`;
          const message = source
            ? `ingress-nginx: upstream timed out (110: Connection timed out) while connecting to upstream, upstream: "http://${upstream}/"\nHTTP/1.1 504 Gateway Time-out`
            : `curl: (28) Failed to connect to ${svc.name} port ${String(spec["port"])} after 130001 ms: Connection timed out`;
          for (const p of isolating) if (!blocked.has(p)) blocked.set(p, message);
        }
      }
    }
    for (const [p, message] of blocked) {
      const spec = objectAt(p.value, ["spec"]) ?? {};
      const at = ["ingress", "policyTypes", "podSelector"].find((f) => spec[f] !== undefined) ?? "podSelector";
      ctx.report(p, ["spec", at], message);
    }
  },
  cases: {
    valid: [
      { files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY }, world: WORLD },
      { name: "allow all with one empty rule", files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY.replace(/  ingress:\n[\s\S]*$/, "  ingress:\n    - {}\n") }, world: WORLD },
    ],
    invalid: [
      { name: "ingress: []", files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY.replace(/  ingress:\n[\s\S]*$/, "  ingress: []\n") }, world: WORLD, file: "k8s/networkpolicy.yaml", line: 10, message: "504 Gateway Time-out" },
      { name: "no ingress rules at all", files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY.replace(/  ingress:\n[\s\S]*$/, "") }, world: WORLD, line: 9, message: "upstream timed out (110: Connection timed out)" },
      { name: "allows the wrong port", files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY.replace("port: 8080", "port: 3000") }, world: WORLD, message: "upstream timed out" },
      { name: "allows only another namespace", files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY.replace("kubernetes.io/metadata.name: ingress-nginx", "kubernetes.io/metadata.name: monitoring") }, world: WORLD, message: "upstream timed out" },
    ],
  },
});
