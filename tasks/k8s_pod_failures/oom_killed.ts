import { edit, edits, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const DEPLOYMENT = "k8s/deployment.yaml";
const FAULTY = "            requests:\n              cpu: 100m\n              memory: 64Mi\n            limits:\n              memory: 64Mi\n";

export const oomKilled: ScenarioSource = {
  id: "oom_killed",
  task_id: "k8s_pod_failures",
  title: "Catalogue API: pods restart over and over with exit code 137",
  difficulty: "medium",
  description:
    "The API's memory request and limit were cut to 64Mi; gunicorn and the product index need about 180 MiB, so the kernel's OOM " +
    "killer ends the container (OOMKilled, exit code 137) at every start and the pod goes into CrashLoopBackOff.",
  base: "catalog-deploy",
  faults: [
    {
      file: DEPLOYMENT,
      replace: "            requests:\n              cpu: 100m\n              memory: 256Mi\n            limits:\n              memory: 256Mi\n",
      with: FAULTY,
    },
  ],
  issues: [
    {
      id: "memory-limit-too-low",
      description: "limits.memory 64Mi is below the ~180 MiB the app uses once started: OOMKilled, then CrashLoopBackOff.",
      hint: "Last State says OOMKilled. kubectl top pod shows how much memory the API settles at; the limit needs headroom above it.",
      stage: "runtime",
      detection: [{ code: "K8S025", file: DEPLOYMENT }],
    },
  ],
  solution: [edit(DEPLOYMENT, "              memory: 64Mi\n            limits:\n              memory: 64Mi", "              memory: 256Mi\n            limits:\n              memory: 256Mi")],
  alternatives: [
    {
      description: "a larger limit, with a request of what the app uses",
      actions: [
        patch(`--- a/k8s/deployment.yaml
+++ b/k8s/deployment.yaml
@@ -33,5 +33,5 @@
             requests:
               cpu: 100m
-              memory: 64Mi
+              memory: 192Mi
             limits:
-              memory: 64Mi
+              memory: 512Mi
`),
      ],
    },
    { description: "only the limit, in decimal megabytes", actions: [replaceLine(DEPLOYMENT, 37, "              memory: 300M")] },
    {
      description: "a quarter gibibyte written as a decimal Gi and as bytes",
      actions: [edits([DEPLOYMENT, "              memory: 64Mi\n            limits:", "              memory: 0.25Gi\n            limits:"], [DEPLOYMENT, "            limits:\n              memory: 64Mi", "            limits:\n              memory: \"268435456\""])],
    },
  ],
  wrong: [
    {
      description: "raise only the request: the API server refuses a request above the limit",
      because: { fires: "K8S013" },
      actions: [edit(DEPLOYMENT, "              memory: 64Mi\n            limits:", "              memory: 256Mi\n            limits:")],
    },
    { description: "128Mi is still below what the app uses", because: { fires: "K8S025" }, actions: [edit(DEPLOYMENT, FAULTY, FAULTY.replaceAll("64Mi", "128Mi"))] },
    { description: "256m is a quarter of a byte, not 256 MiB", because: { fires: "K8S025" }, actions: [edit(DEPLOYMENT, FAULTY, FAULTY.replaceAll("64Mi", "256m"))] },
    { description: "8Gi requested and allowed: more than a 4 GiB node has, the pods stay Pending", because: { fires: "K8S020" }, actions: [edit(DEPLOYMENT, FAULTY, FAULTY.replaceAll("64Mi", "8Gi"))] },
    { description: "the limit deleted", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "            limits:\n              memory: 64Mi\n", "")] },
    { description: "256Mi, and the replicas cut to one", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "  replicas: 2", "  replicas: 1"), edit("k8s/deployment.yaml", "              memory: 64Mi\n            limits:\n              memory: 64Mi", "              memory: 256Mi\n            limits:\n              memory: 256Mi")] },
    { description: "256Mi, and the pods on the node's network", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "    spec:\n      containers:", "    spec:\n      hostNetwork: true\n      containers:"), edit("k8s/deployment.yaml", "              memory: 64Mi\n            limits:\n              memory: 64Mi", "              memory: 256Mi\n            limits:\n              memory: 256Mi")] },
    { description: "256Mi, and the container privileged", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "          image: ghcr.io/acme/catalog-api:1.8.2\n", "          image: ghcr.io/acme/catalog-api:1.8.2\n          securityContext:\n            privileged: true\n"), edit("k8s/deployment.yaml", "              memory: 64Mi\n            limits:\n              memory: 64Mi", "              memory: 256Mi\n            limits:\n              memory: 256Mi")] },
  ],
  // The limit is a choice above what the app settles at, which kubectl top shows.
  evidence: { inspect: [{ command: "kubectl top pod", shows: "180Mi" }], choices: ["256Mi"] },
  optimal_steps: 1,
  max_steps: 12,
};
