/**
 * K8S034: a NetworkPolicy isolates the app's pods and none of the policies selecting them lets the app's
 * traffic in (from the ingress controller for Ingress routes, from any client for a Service). Packets are
 * dropped: clients time out, ingress-nginx answers 504.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { podIp } from "../identity.js";
import { objectAt } from "../object.js";
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

export const networkPolicyBlocks = k8sRule({
  code: "K8S034",
  name: "network-policy-blocks",
  summary: "A NetworkPolicy isolates the app's pods without allowing the traffic its Service or Ingress needs: connections time out",
  stage: "traffic",
  severity: "error",
  phase: "route",
  needs: ["world"],
  applies: objectsWhere((o) => o.kind === "NetworkPolicy"),
  on: {
    "policy-traffic"(e, ctx) {
      // What the policy does to the traffic of a Service whose pods are not Ready cannot be seen.
      if (e.unseen) ctx.undecided();
      const blocked = e.flows.find((f) => !f.admitted);
      if (!blocked) return;
      const upstream = `${podIp(blocked.pod)}:${blocked.port}`;
      const controller = `ingress-nginx: upstream timed out (110: Connection timed out) while connecting to upstream, upstream: "http://${upstream}/"`;
      const curl = `curl: (28) Failed to connect to ${blocked.service.name} port ${String(blocked.servicePort)} after 130001 ms: Connection timed out`;
      const spec = objectAt(e.object.value, ["spec"]) ?? {};
      const field = ["ingress", "policyTypes", "podSelector"].find((f) => spec[f] !== undefined) ?? "podSelector";
      if (blocked.source) ctx.report(at(e.object, ["spec", field]), controller, { log: `${controller}\nHTTP/1.1 504 Gateway Time-out` });
      else ctx.report(at(e.object, ["spec", field]), curl);
    },
  },
  cases: {
    valid: [
      { files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY }, world: WORLD },
      { name: "allow all with one empty rule", files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY.replace(/  ingress:\n[\s\S]*$/, "  ingress:\n    - {}\n") }, world: WORLD },
    ],
    invalid: [
      { name: "ingress: []", files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY.replace(/  ingress:\n[\s\S]*$/, "  ingress: []\n") }, world: WORLD, file: "k8s/networkpolicy.yaml", line: 10, message: "while connecting to upstream, upstream: \"http://10.244.0.239:8080/\"" },
      { name: "no ingress rules at all", files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY.replace(/  ingress:\n[\s\S]*$/, "") }, world: WORLD, line: 9, message: "upstream timed out (110: Connection timed out)" },
      { name: "allows the wrong port", files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY.replace("port: 8080", "port: 3000") }, world: WORLD, message: "upstream timed out" },
      { name: "allows only another namespace", files: { ...APP_FILES, "k8s/networkpolicy.yaml": POLICY.replace("kubernetes.io/metadata.name: ingress-nginx", "kubernetes.io/metadata.name: monitoring") }, world: WORLD, message: "upstream timed out" },
    ],
  },
});
