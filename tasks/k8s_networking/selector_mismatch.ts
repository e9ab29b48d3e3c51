import { edit, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const SERVICE = "k8s/service.yaml";
const DEPLOYMENT = "k8s/deployment.yaml";

export const selectorMismatch: ScenarioSource = {
  id: "selector_mismatch",
  task_id: "k8s_networking",
  title: "Shop API: pods are Running but every request to the Service is refused",
  difficulty: "hard",
  description:
    "The Service api selects app: api, but the pods of the Deployment api-server carry app: api-server. The Service has no endpoints, " +
    "so kube-proxy rejects every connection and ingress-nginx answers 503.",
  base: "shop-deploy",
  faults: [{ file: SERVICE, replace: "    app: api-server\n", with: "    app: api\n" }],
  issues: [
    {
      id: "selector-matches-no-pod",
      description: "Service api's selector app=api matches no pod: the pod template labels app=api-server.",
      hint: "kubectl get endpoints shows <none>. Compare the Service's selector with the labels on the pods, not with the Service's name.",
      stage: "traffic",
      detection: [{ code: "K8S030", file: SERVICE }],
    },
  ],
  solution: [edit(SERVICE, "    app: api\n", "    app: api-server\n")],
  alternatives: [
    { description: "select by the recommended name label", actions: [replaceLine(SERVICE, 8, "    app.kubernetes.io/name: api-server")] },
    {
      description: "relabel the pods (the Deployment selects them by app.kubernetes.io/name, so its selector still matches)",
      actions: [edit(DEPLOYMENT, "        app.kubernetes.io/part-of: shop\n        app: api-server\n", "        app.kubernetes.io/part-of: shop\n        app: api\n")],
    },
    {
      description: "two labels the pods carry, as a patch",
      actions: [patch("--- a/k8s/service.yaml\n+++ b/k8s/service.yaml\n@@ -7,3 +7,4 @@\n   selector:\n-    app: api\n+    app: api-server\n+    app.kubernetes.io/part-of: shop\n   ports:\n")],
    },
  ],
  wrong: [
    { description: "relabel the Deployment object, not its pod template", because: { fires: "K8S030" }, actions: [edit(DEPLOYMENT, "  labels:\n    app: api-server\nspec:", "  labels:\n    app: api\nspec:")] },
    { description: "a selector that matches nothing either", because: { fires: "K8S030" }, actions: [replaceLine(SERVICE, 8, "    app: shop-api")] },
    {
      description: "change the Deployment's selector: it no longer matches its own template",
      because: { fires: "K8S010" },
      actions: [edit(DEPLOYMENT, "    matchLabels:\n      app.kubernetes.io/name: api-server\n", "    matchLabels:\n      app: api\n")],
    },
    { description: "delete the Service", because: { violation: "files-kept" }, actions: [patch("diff --git a/k8s/service.yaml b/k8s/service.yaml\ndeleted file mode 100644\n")] },
    { description: "the selector fixed, the Service opened on every node as a NodePort", because: { violation: "k8s-objects" }, actions: [edit("k8s/service.yaml", "  type: ClusterIP", "  type: NodePort"), edit("k8s/service.yaml", "    app: api\n", "    app: api-server\n")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
