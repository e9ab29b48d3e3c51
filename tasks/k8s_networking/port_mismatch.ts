import { edit, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const SERVICE = "k8s/service.yaml";
const DEPLOYMENT = "k8s/deployment.yaml";

export const portMismatch: ScenarioSource = {
  id: "port_mismatch",
  task_id: "k8s_networking",
  title: "Shop API: the Service has endpoints, yet connections are refused",
  difficulty: "hard",
  description:
    "The Service forwards to targetPort 8080, but the Express app listens on 3000 (fixed in src/server.js). The endpoints look healthy " +
    "(podIP:8080), every connection is refused by the pod, and ingress-nginx answers 502.",
  base: "shop-deploy",
  faults: [{ file: SERVICE, replace: "targetPort: 3000", with: "targetPort: 8080" }],
  issues: [
    {
      id: "target-port-wrong",
      description: "spec.ports[0].targetPort is 8080; the container listens on 3000.",
      hint: "The endpoints carry the targetPort. Which port does server.js listen on?",
      stage: "traffic",
      detection: [{ code: "K8S031", file: SERVICE }],
    },
  ],
  solution: [edit(SERVICE, "targetPort: 8080", "targetPort: 3000")],
  alternatives: [
    { description: "the container port's name", actions: [replaceLine(SERVICE, 13, "      targetPort: http")] },
    { description: "the port by name, as a patch", actions: [patch("--- a/k8s/service.yaml\n+++ b/k8s/service.yaml\n@@ -12,2 +12,2 @@\n       port: 80\n-      targetPort: 8080\n+      targetPort: http\n")] },
  ],
  wrong: [
    {
      description: "move the Service to port 3000: the Ingress still reaches it by name, but every client calling port 80 breaks",
      because: { violation: "k8s-objects" },
      actions: [edit(SERVICE, "      port: 80\n      targetPort: 8080", "      port: 3000\n      targetPort: 3000")],
    },
    { description: "change the Service's port instead of its targetPort", because: { fires: "K8S031" }, actions: [edit(SERVICE, "port: 80\n", "port: 8080\n")] },
    { description: "declare containerPort 8080: the app still listens on 3000", because: { fires: "K8S026" }, actions: [edit(DEPLOYMENT, "containerPort: 3000", "containerPort: 8080")] },
    { description: "the Service's own port as the target", because: { fires: "K8S031" }, actions: [edit(SERVICE, "targetPort: 8080", "targetPort: 80")] },
    { description: "targetPort fixed, the port switched to UDP", because: { violation: "k8s-objects" }, actions: [edit("k8s/service.yaml", "      protocol: TCP\n", "      protocol: UDP\n"), edit("k8s/service.yaml", "targetPort: 8080", "targetPort: 3000")] },
    { description: "the port as a string of digits, which the API server takes for a port name it refuses", because: { fires: "K8S011" }, actions: [edit("k8s/service.yaml", "targetPort: 8080", "targetPort: \"3000\"")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
