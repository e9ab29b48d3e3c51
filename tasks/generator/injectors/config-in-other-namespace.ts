/**
 * config-in-other-namespace: a ConfigMap (or Secret) of the manifests carries another environment's
 * namespace, so it is created there; pods only see ConfigMaps of their own namespace, and the ones using it
 * fail with `configmap "…" not found` (CreateContainerConfigError, FailedMount for a volume), K8S022 on each
 * workload that uses it. Split rule: train moves it to staging/dev/qa; test to production/preview/prod-eu.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, insertAfterPair, k8sInjection, scalarSource, setValue } from "./k8s-edit.js";
import { manifestObjects, valueAt } from "./k8s-manifests.js";
import { configRefs } from "./k8s-config-refs.js";
import { asScalar, heldOut } from "./k8s-names.js";

const NAMESPACES = { train: ["staging", "dev", "qa"], test: ["production", "preview", "prod-eu"] };

export const configInOtherNamespace = defineInjector({
  kind: "config-in-other-namespace",
  layer: "k8s",
  summary: "A ConfigMap or Secret created in another namespace than the pods using it: CreateContainerConfigError",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const objects = manifestObjects(ctx.files, world);
    const refs = configRefs(objects);
    const candidates = objects
      .filter((o) => (o.kind === "ConfigMap" || o.kind === "Secret") && o.name !== "")
      .map((o) => ({ object: o, users: refs.filter((r) => r.kind === o.kind && r.name === o.name && r.object.namespace === o.namespace) }))
      .filter(({ object, users }) => users.length > 0 && !fieldReserved(ctx, object, ["metadata", "name"]) && !fieldReserved(ctx, object, ["metadata", "namespace"]));
    if (candidates.length === 0) return null;
    const { object, users } = rng.pick(candidates);
    const namespace = rng.pick(NAMESPACES[heldOut(split) ? "test" : "train"].filter((n) => n !== object.namespace));
    // The same object may already exist there (a cluster's own); then moving it hides nothing.
    if (objects.some((o) => o.kind === object.kind && o.name === object.name && o.namespace === namespace)) return null;
    const source = ctx.files.get(object.file)!.content;
    const written = valueAt(object.value, ["metadata", "namespace"]);
    const content =
      typeof written === "string"
        ? setValue(source, object, ["metadata", "namespace"], asScalar(scalarSource(source, object, ["metadata", "namespace"]) ?? "", namespace))
        : insertAfterPair(source, object, ["metadata", "name"], [`namespace: ${namespace}`]);
    if (!content) return null;
    const files = [...new Set(users.map((u) => u.object.file))].sort();
    const workloads = [...new Set(users.map((u) => `${u.object.kind}/${u.object.name}`))].join(", ");
    return k8sInjection(ctx, "config-in-other-namespace", new Map([[object.file, content]]), {
      description: `${object.file}: the ${object.kind} ${object.name} is created in namespace ${namespace}, while ${workloads} in ${object.namespace} use it; pods only see their own namespace's ${object.kind}s, so the kubelet reports ${object.kind.toLowerCase()} "${object.name}" not found.`,
      hint: `The pods say the ${object.kind.toLowerCase()} does not exist, yet the manifests create it. Check where it was created (kubectl get ${object.kind.toLowerCase()} -A) against the namespace of the pods that use it.`,
      stage: "runtime",
      detection: files.map((file) => ({ code: "K8S022", file })),
    });
  },
});
