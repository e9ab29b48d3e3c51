/**
 * deployment-selector-missing: a workload in apps/v1 has no selector, as manifests from the
 * extensions/v1beta1 days (which defaulted it from the template's labels) do; apps/v1 requires it and the
 * API server refuses the object: `spec.selector: Required value` (K8S008) and, since no selector selects
 * the pods, `selector` does not match template `labels` (K8S010). This fault has no parameter: the test
 * split differs by its bases only.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, removePair } from "./k8s-edit.js";
import { manifestObjects, valueAt } from "./k8s-manifests.js";

const CONTROLLERS = new Set(["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"]);

export const deploymentSelectorMissing = defineInjector({
  kind: "deployment-selector-missing",
  layer: "k8s",
  summary: "An apps/v1 workload without a selector: the API server refuses it (Required value)",
  inject(ctx) {
    const { rng, world } = ctx;
    const candidates = manifestObjects(ctx.files, world).filter((o) => CONTROLLERS.has(o.kind) && o.apiVersion === "apps/v1" && valueAt(o.value, ["spec", "selector"]) !== undefined && !fieldReserved(ctx, o, ["spec", "selector"]));
    if (candidates.length === 0) return null;
    const o = rng.pick(candidates);
    const content = removePair(ctx.files.get(o.file)!.content, o, ["spec", "selector"]);
    if (!content) return null;
    return k8sInjection(ctx, "deployment-selector-missing", new Map([[o.file, content]]), {
      description: `${o.file}: the ${o.kind} ${o.name} has no spec.selector; apps/v1 requires one (it is no longer defaulted from the template's labels), so the API server refuses it.`,
      hint: "kubectl apply says spec.selector is a required value. Which pods should this controller own?",
      stage: "deploy",
      detection: [
        { code: "K8S008", file: o.file },
        { code: "K8S010", file: o.file },
      ],
    });
  },
});
