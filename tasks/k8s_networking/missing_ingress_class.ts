import { addLine, edit, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const INGRESS = "k8s/ingress.yaml";

export const missingIngressClass: ScenarioSource = {
  id: "missing_ingress_class",
  task_id: "k8s_networking",
  title: "Catalogue API: the Ingress gets no address and the site answers 404",
  difficulty: "hard",
  description:
    "The Ingress has no ingressClassName and the cluster has no default IngressClass. ingress-nginx (class nginx, not the default, " +
    "--watch-ingress-without-class off) ignores it: no ADDRESS, and requests fall to the default backend's 404.",
  base: "catalog-deploy",
  faults: [{ file: INGRESS, replace: "  ingressClassName: nginx\n", with: "" }],
  issues: [
    {
      id: "ingress-class-missing",
      description: "spec.ingressClassName is missing and no IngressClass is the default: no controller serves the Ingress.",
      hint: "kubectl get ingress shows CLASS <none>. kubectl get ingressclass lists the classes the cluster's controllers serve.",
      stage: "traffic",
      detection: [{ code: "K8S033", file: INGRESS }],
    },
  ],
  solution: [addLine(INGRESS, 8, "  ingressClassName: nginx")],
  alternatives: [
    { description: "the legacy annotation ingress-nginx still honours", actions: [edit(INGRESS, "  labels:\n    app: catalog-api\n", "  labels:\n    app: catalog-api\n  annotations:\n    kubernetes.io/ingress.class: nginx\n")] },
    { description: "the class name, as a patch", actions: [patch("--- a/k8s/ingress.yaml\n+++ b/k8s/ingress.yaml\n@@ -7,2 +7,3 @@\n spec:\n+  ingressClassName: nginx\n   tls:\n")] },
  ],
  wrong: [
    { description: "the controller's name is not its class", because: { fires: "K8S033" }, actions: [addLine(INGRESS, 8, "  ingressClassName: ingress-nginx")] },
    { description: "a class no controller in the cluster serves", because: { fires: "K8S033" }, actions: [addLine(INGRESS, 8, "  ingressClassName: traefik")] },
    { description: "the legacy annotation with the controller's name", because: { fires: "K8S033" }, actions: [edit(INGRESS, "  labels:\n    app: catalog-api\n", "  labels:\n    app: catalog-api\n  annotations:\n    kubernetes.io/ingress.class: ingress-nginx\n")] },
    { description: "delete the Ingress", because: { violation: "files-kept" }, actions: [patch("diff --git a/k8s/ingress.yaml b/k8s/ingress.yaml\ndeleted file mode 100644\n")] },
    { description: "an IngressClass of the repository's own, made the cluster's default", because: { violation: "k8s-objects" }, actions: [edit("k8s/ingressclass.yaml", "", "apiVersion: networking.k8s.io/v1\nkind: IngressClass\nmetadata:\n  name: nginx\n  annotations:\n    ingressclass.kubernetes.io/is-default-class: \"true\"\nspec:\n  controller: k8s.io/ingress-nginx\n")] },
  ],
  evidence: { inspect: [{ command: "kubectl get ingressclass", shows: "nginx   k8s.io/ingress-nginx" }] },
  optimal_steps: 1,
  max_steps: 12,
};
