/**
 * network-policy-blocks-traffic: a NetworkPolicy that isolates an app's pods no longer lets its traffic in:
 * the ingress controller's namespace label is wrong, the rule allows the Service's port instead of the pod's
 * (policies see the pod's port), or the rules are gone (`ingress: []`). kubectl reports nothing; packets are
 * dropped, clients time out and ingress-nginx answers 504 (K8S034). Split rule: train misnames the
 * controller's namespace as nginx-ingress/ingress or allows the Service's port (else one from
 * 80/3000/5000/8000/8080/9000); test misnames it as ingress-controller/kube-system/nginx, allows a port from
 * 81/4000/5001/8001/8443/9090/10080, or empties the rules.
 */
import { defineInjector } from "../injector.js";
import type { InjectionContext } from "../injector.js";
import { fieldReserved, k8sInjection, keyIndent, replacePair, setValue } from "./k8s-edit.js";
import { arrayAt, containersOf, isObject, manifestObjects, resolvePort, type FieldPath, type K8sObject } from "./k8s-manifests.js";
import { heldOut, otherPort } from "./k8s-names.js";
import { blockingPolicyFiles, routedByIngress, selectedWorkloads } from "./k8s-traffic.js";
import { isolatingPolicies } from "../../../simulators/k8s/network-policy.js";
import { podLabels } from "./k8s-manifests.js";

const CONTROLLER_LABEL = "kubernetes.io/metadata.name";
const NAMESPACES = { train: ["nginx-ingress", "ingress"], test: ["ingress-controller", "kube-system", "nginx"] };

interface Variant {
  content: string;
  says: string;
}

/** Flows through the repository's Services to pods `policy` isolates: the workload, the pod port, whether the controller sends them. */
function flows(objects: readonly K8sObject[], policy: K8sObject) {
  return objects
    .filter((o) => o.kind === "Service")
    .flatMap((svc) =>
      selectedWorkloads(objects, svc)
        .filter((w) => isolatingPolicies([policy], w.namespace, podLabels(w)).length > 0)
        .flatMap((w) =>
          arrayAt(svc.value, ["spec", "ports"]).flatMap((p) => {
            if (!isObject(p)) return [];
            const target = p["targetPort"] ?? p["port"];
            const port = containersOf(w).map((c) => resolvePort(c, target)).find((n) => n !== undefined);
            return port === undefined ? [] : [{ workload: w, port, servicePort: p["port"], viaIngress: routedByIngress(objects, svc) }];
          }),
        ),
    );
}

function variants(ctx: InjectionContext, policy: K8sObject, objects: readonly K8sObject[]): Variant[] {
  const { rng, split } = ctx;
  const held = heldOut(split);
  const source = ctx.files.get(policy.file)!.content;
  const out: Variant[] = [];
  const traffic = flows(objects, policy);
  arrayAt(policy.value, ["spec", "ingress"]).forEach((rule, r) => {
    arrayAt(rule, ["from"]).forEach((peer, f) => {
      const path: FieldPath = ["spec", "ingress", r, "from", f, "namespaceSelector", "matchLabels", CONTROLLER_LABEL];
      if (!isObject(peer) || !isObject(peer["namespaceSelector"]) || fieldReserved(ctx, policy, path)) return;
      const labels = (peer["namespaceSelector"] as Record<string, unknown>)["matchLabels"];
      if (!isObject(labels) || labels[CONTROLLER_LABEL] !== "ingress-nginx") return;
      const name = rng.pick(NAMESPACES[held ? "test" : "train"]);
      const content = setValue(source, policy, path, name);
      if (content) out.push({ content, says: `admits the ingress controller's traffic only from a namespace named ${name}, while the controller runs in ingress-nginx` });
    });
    arrayAt(rule, ["ports"]).forEach((p, i) => {
      const path: FieldPath = ["spec", "ingress", r, "ports", i, "port"];
      if (!isObject(p) || p["port"] === undefined || fieldReserved(ctx, policy, path)) return;
      const flow = traffic.find((t) => t.port === p["port"] || (typeof p["port"] === "string" && containersOf(t.workload).some((c) => resolvePort(c, p["port"]) === t.port)));
      if (!flow) return;
      const servicePort = typeof flow.servicePort === "number" && flow.servicePort !== flow.port && !held ? flow.servicePort : otherPort(rng, split, [flow.port]);
      if (servicePort === null) return;
      const content = setValue(source, policy, path, String(servicePort));
      if (content) out.push({ content, says: `admits port ${servicePort}, but the traffic reaches the pods on ${flow.port} (a policy sees the pod's port, not the Service's)` });
    });
  });
  if (held && arrayAt(policy.value, ["spec", "ingress"]).length > 0 && !fieldReserved(ctx, policy, ["spec", "ingress"])) {
    const indent = keyIndent(source, policy, ["spec", "ingress"]);
    const content = indent === null ? null : replacePair(source, policy, ["spec", "ingress"], `${indent}ingress: []\n`);
    if (content) out.push({ content, says: "has no ingress rule left (`ingress: []`), so it admits nothing" });
  }
  return out;
}

export const networkPolicyBlocksTraffic = defineInjector({
  kind: "network-policy-blocks-traffic",
  layer: "k8s",
  summary: "A NetworkPolicy that drops the app's traffic (wrong controller namespace, Service port, no rules): timeouts, 504",
  inject(ctx) {
    const { rng, world } = ctx;
    const objects = manifestObjects(ctx.files, world);
    const policies = rng.shuffle(objects.filter((o) => o.kind === "NetworkPolicy" && flows(objects, o).length > 0));
    for (const policy of policies) {
      for (const variant of rng.shuffle(variants(ctx, policy, objects))) {
        const changed = manifestObjects(new Map([...ctx.files, [policy.file, { content: variant.content, mode: 0o644 }]]), world);
        const after = changed.find((o) => o.file === policy.file && o.index === policy.index);
        if (!after) continue;
        const dropped = flows(changed, after).filter((f) => blockingPolicyFiles(changed, f.workload, f.port, f.viaIngress).length > 0);
        const blocked = dropped.flatMap((f) => blockingPolicyFiles(changed, f.workload, f.port, f.viaIngress));
        if (blocked.length === 0) continue;
        const effect = dropped.some((f) => f.viaIngress) ? "the packets are dropped, clients time out and ingress-nginx answers 504" : "the packets are dropped and connections to the Service time out";
        return k8sInjection(ctx, "network-policy-blocks-traffic", new Map([[policy.file, variant.content]]), {
          description: `${policy.file}: the NetworkPolicy ${policy.name} isolates the app's pods and ${variant.says}: ${effect}.`,
          hint: "Requests time out and nothing in kubectl reports an error. An isolated pod accepts only what some policy rule allows: who must reach these pods, from which namespace, on which port of the pod?",
          stage: "traffic",
          detection: [...new Set(blocked)].sort().map((file) => ({ code: "K8S034", file })),
        });
      }
    }
    return null;
  },
});
