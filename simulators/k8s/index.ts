/** The Kubernetes simulator: `kubectl apply` on the manifests, then a simulated cluster running them. */
export { k8sSimulator, simulateManifests } from "./simulator.js";
export { k8sRules } from "./rules/index.js";
export { looksLikeManifest, isManifestPath } from "./manifests.js";
export type { K8sRule, RuleContext, Phase } from "./rule.js";
