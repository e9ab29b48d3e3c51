/**
 * configmap-reference-missing: a container takes env (envFrom, configMapKeyRef) or a volume from a ConfigMap,
 * or a key of one, that the namespace does not have: `Error: configmap "notes-config" not found` or `couldn't
 * find key … in ConfigMap`, the pod stuck in CreateContainerConfigError (FailedMount for a volume), K8S022.
 * Split rule: train renames the ConfigMap with a `-config`/`-env` suffix or drops/swaps a letter of its name
 * or key; test uses `-settings`/`-cm`/`-vars` or doubles/changes a letter (k8s-names.ts).
 */
import { defineInjector } from "../injector.js";
import { breakReference } from "./k8s-config-refs.js";

export const configmapReferenceMissing = defineInjector({
  kind: "configmap-reference-missing",
  layer: "k8s",
  summary: "A ConfigMap (or key) a container uses does not exist: CreateContainerConfigError",
  inject: (ctx) => breakReference(ctx, "configmap-reference-missing", "ConfigMap"),
});
