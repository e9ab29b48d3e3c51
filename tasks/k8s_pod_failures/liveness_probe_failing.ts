import { edit, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const DEPLOYMENT = "k8s/deployment.yaml";

export const livenessProbeFailing: ScenarioSource = {
  id: "liveness_probe_failing",
  task_id: "k8s_pod_failures",
  title: "Catalogue API: containers are killed and restarted every few seconds",
  difficulty: "medium",
  description:
    "The liveness probe checks port 3000; gunicorn listens on 8080. Every probe is refused, the kubelet kills the container after three " +
    "failures, and restarts pile up into CrashLoopBackOff.",
  base: "catalog-deploy",
  faults: [{ file: DEPLOYMENT, replace: "              path: /healthz\n              port: 8080", with: "              path: /healthz\n              port: 3000" }],
  issues: [
    {
      id: "liveness-wrong-port",
      description: "livenessProbe.httpGet.port is 3000, where nothing listens; the app serves /healthz on 8080.",
      hint: "The Unhealthy event says which address the probe dialled. Which port does the app listen on?",
      stage: "runtime",
      detection: [{ code: "K8S026", file: DEPLOYMENT }],
    },
  ],
  solution: [edit(DEPLOYMENT, "port: 3000", "port: 8080")],
  alternatives: [
    { description: "the container port's name", actions: [replaceLine(DEPLOYMENT, 41, "              port: http")] },
    {
      description: "a TCP check on the app's port",
      actions: [
        patch(`--- a/k8s/deployment.yaml
+++ b/k8s/deployment.yaml
@@ -38,5 +38,4 @@
           livenessProbe:
-            httpGet:
-              path: /healthz
-              port: 3000
+            tcpSocket:
+              port: 8080
             initialDelaySeconds: 10
`),
      ],
    },
  ],
  wrong: [
    {
      description: "delete the liveness probe: nothing restarts a hung server any more",
      because: { violation: "k8s-objects" },
      actions: [edit(DEPLOYMENT, "          livenessProbe:\n            httpGet:\n              path: /healthz\n              port: 3000\n            initialDelaySeconds: 10\n            periodSeconds: 10\n", "")],
    },
    {
      description: "more patience only delays the kill",
      because: { fires: "K8S026" },
      actions: [edit(DEPLOYMENT, "            initialDelaySeconds: 10\n            periodSeconds: 10\n", "            initialDelaySeconds: 60\n            periodSeconds: 10\n            failureThreshold: 10\n")],
    },
    { description: "the Service's port, not the container's", because: { fires: "K8S026" }, actions: [edit(DEPLOYMENT, "port: 3000", "port: 80")] },
    {
      description: "silence the linter with an annotation",
      because: { fires: "K8S026" },
      actions: [edit(DEPLOYMENT, "  labels:\n    app: catalog-api\nspec:", "  labels:\n    app: catalog-api\n  annotations:\n    ignore-check.kube-linter.io/liveness-port: \"probe port is checked elsewhere\"\nspec:")],
    },
    { description: "the right port, on a path the app does not answer", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "              path: /healthz\n              port: 3000", "              path: /health\n              port: 8080")] },
    { description: "the right port, over HTTPS to a plain-HTTP server", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "              port: 3000", "              port: 8080\n              scheme: HTTPS")] },
    { description: "the right port, sent to the node's loopback", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "              port: 3000", "              port: 8080\n              host: 127.0.0.1")] },
    { description: "the liveness port fixed, the readiness probe moved to a path the app does not answer", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "              path: /healthz\n              port: http", "              path: /ready\n              port: http"), edit("k8s/deployment.yaml", "              port: 3000", "              port: 8080")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
