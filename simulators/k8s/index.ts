/** The Kubernetes simulator: `kubectl apply` on the manifests, then a simulated cluster running them. */
export { k8sSimulator, simulateCluster, simulateManifests } from "./simulator.js";
export { K8S_RULES } from "./rules/index.js";
export { looksLikeManifest, isManifestPath } from "./manifests.js";
export { K8S_DOMAIN } from "./events.js";
export type { K8sEvent, K8sRule, K8sSubject } from "./events.js";
