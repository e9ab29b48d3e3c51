/**
 * deployment-selector-mismatch: a workload's selector no longer matches its own pod template's labels (one
 * side renamed, the other not); the API server refuses it (`selector` does not match template `labels`,
 * K8S010). Split rule: train changes a selector value (a habitual suffix, a dropped or swapped letter); test
 * renames the selector's key (app → app.kubernetes.io/name, name, k8s-app), which train never does.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, renameKey, scalarSource, setValue } from "./k8s-edit.js";
import { labelsAt } from "../../../simulators/k8s/object.js";
import { manifestObjects, podLabels } from "./k8s-manifests.js";
import { asScalar, heldOut, nearName } from "./k8s-names.js";

const CONTROLLERS = new Set(["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"]);
const KEYS = ["app.kubernetes.io/name", "name", "k8s-app", "app"];

export const deploymentSelectorMismatch = defineInjector({
  kind: "deployment-selector-mismatch",
  layer: "k8s",
  summary: "A workload's selector that does not match its pod template's labels: the API server refuses it",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = manifestObjects(ctx.files, world).flatMap((o) =>
      CONTROLLERS.has(o.kind)
        ? Object.keys(labelsAt(o.value, ["spec", "selector", "matchLabels"]))
            .filter((key) => !fieldReserved(ctx, o, ["spec", "selector", "matchLabels", key]))
            .map((key) => ({ o, key }))
        : [],
    );
    if (candidates.length === 0) return null;
    const { o, key } = rng.pick(candidates);
    const selector = labelsAt(o.value, ["spec", "selector", "matchLabels"]);
    const labels = podLabels(o);
    const path = ["spec", "selector", "matchLabels", key];
    const source = ctx.files.get(o.file)!.content;
    let content: string | null;
    let said: string;
    if (heldOut(split)) {
      const other = rng.shuffle(KEYS).find((k) => k !== key && !(k in selector) && !(k in labels));
      if (!other) return null;
      content = renameKey(source, o, path, other);
      said = `selects ${other}=${selector[key]}, while its pod template is labelled ${key}=${labels[key] ?? selector[key]}`;
    } else {
      const value = nearName(selector[key]!, rng, split, (v) => labels[key] === v, { train: ["-api", "-app", "-v2"], test: [] });
      if (!value) return null;
      content = setValue(source, o, path, asScalar(scalarSource(source, o, path) ?? "", value));
      said = `selects ${key}=${value}, while its pod template is labelled ${key}=${labels[key]}`;
    }
    if (!content) return null;
    return k8sInjection(ctx, "deployment-selector-mismatch", new Map([[o.file, content]]), {
      description: `${o.file}: the ${o.kind} ${o.name} ${said}; a controller must select its own pods, so the API server refuses it.`,
      hint: "kubectl apply says the selector does not match the template's labels. Compare spec.selector with spec.template.metadata.labels.",
      stage: "deploy",
      detection: [{ code: "K8S010", file: o.file }],
    });
  },
});
