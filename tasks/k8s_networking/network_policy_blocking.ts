import { edit, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const POLICY = "k8s/networkpolicy.yaml";

/** The rule the fault removed: the ingress controller's namespace, on the port gunicorn listens on. */
const RULE =
  "  ingress:\n    - from:\n        - namespaceSelector:\n            matchLabels:\n              kubernetes.io/metadata.name: ingress-nginx\n      ports:\n        - protocol: TCP\n          port: 8080\n";

export const networkPolicyBlocking: ScenarioSource = {
  id: "network_policy_blocking",
  task_id: "k8s_networking",
  title: "Catalogue API: requests through the Ingress time out (504)",
  difficulty: "hard",
  description:
    "The NetworkPolicy selects the API pods with policyTypes [Ingress] and ingress: [] — no rule, so all inbound traffic is dropped, " +
    "including the ingress controller's. Clients time out; ingress-nginx answers 504. Nothing in kubectl reports an error.",
  base: "catalog-deploy",
  faults: [{ file: POLICY, replace: RULE, with: "  ingress: []\n" }],
  issues: [
    {
      id: "policy-denies-ingress-controller",
      description: "ingress: [] allows nothing: the controller in ingress-nginx cannot reach the pods on 8080.",
      hint: "An isolated pod accepts only what some rule allows. Who must reach the API pods, from which namespace, on which port of the pod?",
      stage: "traffic",
      detection: [{ code: "K8S034", file: POLICY }],
    },
  ],
  solution: [edit(POLICY, "  ingress: []\n", RULE)],
  alternatives: [
    {
      description: "the controller's pods in its namespace, on the named port",
      actions: [
        edit(
          POLICY,
          "  ingress: []\n",
          "  ingress:\n    - from:\n        - namespaceSelector:\n            matchLabels:\n              kubernetes.io/metadata.name: ingress-nginx\n          podSelector:\n            matchLabels:\n              app.kubernetes.io/name: ingress-nginx\n      ports:\n        - port: http\n",
        ),
      ],
    },
    {
      description: "anything from the controller's namespace, as a patch",
      actions: [patch("--- a/k8s/networkpolicy.yaml\n+++ b/k8s/networkpolicy.yaml\n@@ -11,2 +11,6 @@\n     - Ingress\n-  ingress: []\n+  ingress:\n+    - from:\n+        - namespaceSelector:\n+            matchLabels:\n+              kubernetes.io/metadata.name: ingress-nginx\n")],
    },
  ],
  wrong: [
    { description: "an empty rule admits every pod in every namespace", because: { violation: "k8s-objects" }, actions: [edit(POLICY, "  ingress: []\n", "  ingress:\n    - {}\n")] },
    { description: "the Service's port: policies see the pod's port", because: { fires: "K8S034" }, actions: [edit(POLICY, "  ingress: []\n", RULE.replace("port: 8080", "port: 80"))] },
    {
      description: "a pod selector alone only matches pods in the policy's own namespace",
      because: { fires: "K8S034" },
      actions: [edit(POLICY, "  ingress: []\n", "  ingress:\n    - from:\n        - podSelector:\n            matchLabels:\n              app.kubernetes.io/name: ingress-nginx\n      ports:\n        - port: 8080\n")],
    },
    {
      description: "an egress rule does not let anything in",
      because: { fires: "K8S034" },
      actions: [edit(POLICY, "    - Ingress\n  ingress: []\n", "    - Ingress\n    - Egress\n  ingress: []\n  egress:\n    - to:\n        - namespaceSelector:\n            matchLabels:\n              kubernetes.io/metadata.name: ingress-nginx\n")],
    },
    { description: "delete the NetworkPolicy", because: { violation: "files-kept" }, actions: [patch("diff --git a/k8s/networkpolicy.yaml b/k8s/networkpolicy.yaml\ndeleted file mode 100644\n")] },
    { description: "an ipBlock of 0.0.0.0/0: every source gets in", because: { violation: "k8s-objects" }, actions: [edit("k8s/networkpolicy.yaml", "  ingress: []\n", "  ingress:\n    - from:\n        - ipBlock:\n            cidr: 0.0.0.0/0\n")] },
    { description: "an empty namespaceSelector: every pod of every namespace gets in", because: { violation: "k8s-objects" }, actions: [edit("k8s/networkpolicy.yaml", "  ingress: []\n", "  ingress:\n    - from:\n        - namespaceSelector: {}\n")] },
    { description: "make it an egress policy: ingress is no longer restricted at all", because: { violation: "k8s-objects" }, actions: [edit("k8s/networkpolicy.yaml", "    - Ingress\n", "    - Egress\n")] },
    { description: "point the policy at no pods", because: { violation: "k8s-objects" }, actions: [edit("k8s/networkpolicy.yaml", "      app: catalog-api\n", "      app: catalog-api-none\n")] },
  ],
  evidence: { inspect: [{ command: "kubectl get namespaces --show-labels", shows: "kubernetes.io/metadata.name=ingress-nginx" }] },
  optimal_steps: 1,
  max_steps: 12,
};
