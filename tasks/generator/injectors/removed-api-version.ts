/**
 * removed-api-version: an object names an API version current clusters no longer serve (an Ingress in
 * extensions/v1beta1, a Deployment in apps/v1beta1, a CronJob in batch/v1beta1), as manifests copied from an
 * old chart do; kubectl answers `no matches for kind "Ingress" in version "extensions/v1beta1"` and applies
 * nothing of it (K8S004). Split rule: train uses extensions/v1beta1, apps/v1beta1, batch/v1beta1,
 * policy/v1beta1, autoscaling/v2beta1; test uses networking.k8s.io/v1beta1, apps/v1beta2, batch/v2alpha1,
 * autoscaling/v2beta2, versions train never shows.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, scalarSource, setValue } from "./k8s-edit.js";
import { manifestObjects } from "./k8s-manifests.js";
import { asScalar, heldOut } from "./k8s-names.js";

/** Versions each kind was served in once and is no longer, by split. */
const REMOVED: Record<string, { train: string[]; test: string[] }> = {
  Ingress: { train: ["extensions/v1beta1"], test: ["networking.k8s.io/v1beta1"] },
  Deployment: { train: ["extensions/v1beta1", "apps/v1beta1"], test: ["apps/v1beta2"] },
  StatefulSet: { train: ["apps/v1beta1"], test: ["apps/v1beta2"] },
  DaemonSet: { train: ["extensions/v1beta1"], test: ["apps/v1beta2"] },
  ReplicaSet: { train: ["extensions/v1beta1"], test: ["apps/v1beta2"] },
  CronJob: { train: ["batch/v1beta1"], test: ["batch/v2alpha1"] },
  NetworkPolicy: { train: ["extensions/v1beta1"], test: [] },
  PodDisruptionBudget: { train: ["policy/v1beta1"], test: [] },
  HorizontalPodAutoscaler: { train: ["autoscaling/v2beta1"], test: ["autoscaling/v2beta2"] },
};

export const removedApiVersion = defineInjector({
  kind: "removed-api-version",
  layer: "k8s",
  summary: "An API version current clusters no longer serve: kubectl finds no matching kind",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const pool = heldOut(split) ? "test" : "train";
    const candidates = manifestObjects(ctx.files, world).filter((o) => (REMOVED[o.kind]?.[pool].length ?? 0) > 0 && !fieldReserved(ctx, o, ["apiVersion"]));
    if (candidates.length === 0) return null;
    const o = rng.pick(candidates);
    const version = rng.pick(REMOVED[o.kind]![pool]);
    const source = ctx.files.get(o.file)!.content;
    const content = setValue(source, o, ["apiVersion"], asScalar(scalarSource(source, o, ["apiVersion"]) ?? "", version));
    if (!content) return null;
    return k8sInjection(ctx, "removed-api-version", new Map([[o.file, content]]), {
      description: `${o.file}: the ${o.kind} ${o.name} is written for ${version}, which current clusters no longer serve (it is ${o.apiVersion} now): kubectl finds no matching kind and applies nothing of it.`,
      hint: 'kubectl apply says "no matches for kind". Which API version does the cluster serve that kind in today (kubectl api-resources)?',
      stage: "deploy",
      detection: [{ code: "K8S004", file: o.file }],
    });
  },
});
