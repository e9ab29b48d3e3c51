import { edit, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const INGRESS = "k8s/ingress.yaml";

export const ingressWrongService: ScenarioSource = {
  id: "ingress_wrong_service",
  task_id: "k8s_networking",
  title: "Catalogue API: the site answers 503 Service Temporarily Unavailable",
  difficulty: "hard",
  description:
    "The Ingress backend names the Service catalog-svc; the Service is catalog-api. ingress-nginx finds no such Service and answers 503 " +
    "for the host. Adapted from the seed's 404: ingress-nginx returns 503 for a backend Service that does not exist (404 is for a route no Ingress has).",
  base: "catalog-deploy",
  faults: [{ file: INGRESS, replace: "              service:\n                name: catalog-api\n", with: "              service:\n                name: catalog-svc\n" }],
  issues: [
    {
      id: "backend-service-missing",
      description: "spec.rules[0].http.paths[0].backend.service.name is catalog-svc, which does not exist.",
      hint: "kubectl describe ingress shows the backend's error. Which Services exist in the manifests?",
      stage: "traffic",
      detection: [{ code: "K8S032", file: INGRESS }],
    },
  ],
  solution: [edit(INGRESS, "name: catalog-svc", "name: catalog-api")],
  alternatives: [
    { description: "rewrite the line", actions: [replaceLine(INGRESS, 21, "                name: catalog-api")] },
    {
      description: "the Service by name and its port by name, as a patch",
      actions: [patch("--- a/k8s/ingress.yaml\n+++ b/k8s/ingress.yaml\n@@ -20,4 +20,4 @@\n               service:\n-                name: catalog-svc\n+                name: catalog-api\n                 port:\n-                  number: 80\n+                  name: http\n")],
    },
    {
      description: "a Service of that name in front of the same pods",
      actions: [
        {
          action_type: "edit_file",
          edits: [
            {
              file_path: "k8s/service-alias.yaml",
              old_content: "",
              new_content: "apiVersion: v1\nkind: Service\nmetadata:\n  name: catalog-svc\nspec:\n  selector:\n    app: catalog-api\n  ports:\n    - name: http\n      port: 80\n      targetPort: 8080\n",
            },
          ],
        },
      ],
    },
  ],
  wrong: [
    { description: "the container's port instead of the Service's", because: { fires: "K8S032" }, actions: [edit(INGRESS, "                name: catalog-svc\n                port:\n                  number: 80", "                name: catalog-api\n                port:\n                  number: 8080")] },
    {
      description: "an empty Service of that name: no selector, no endpoints",
      because: { fires: "K8S032" },
      actions: [
        {
          action_type: "edit_file",
          edits: [{ file_path: "k8s/service-alias.yaml", old_content: "", new_content: "apiVersion: v1\nkind: Service\nmetadata:\n  name: catalog-svc\nspec:\n  ports:\n    - port: 80\n" }],
        },
      ],
    },
    { description: "another Service name that does not exist", because: { fires: "K8S032" }, actions: [edit(INGRESS, "name: catalog-svc", "name: catalog")] },
    { description: "delete the Ingress", because: { violation: "files-kept" }, actions: [patch("diff --git a/k8s/ingress.yaml b/k8s/ingress.yaml\ndeleted file mode 100644\n")] },
    { description: "the backend fixed, the TLS section dropped", because: { violation: "k8s-objects" }, actions: [edit("k8s/ingress.yaml", "  tls:\n    - hosts:\n        - catalog.acme.example\n      secretName: catalog-tls\n", ""), edit("k8s/ingress.yaml", "name: catalog-svc", "name: catalog-api")] },
    { description: "the backend fixed, another host", because: { violation: "k8s-objects" }, actions: [edit("k8s/ingress.yaml", "    - host: catalog.acme.example", "    - host: catalog.example.com"), edit("k8s/ingress.yaml", "name: catalog-svc", "name: catalog-api")] },
    { description: "the backend fixed, the path narrowed", because: { violation: "k8s-objects" }, actions: [edit("k8s/ingress.yaml", "          - path: /\n", "          - path: /v1\n"), edit("k8s/ingress.yaml", "name: catalog-svc", "name: catalog-api")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
