import { addBlock, edit, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const DEPLOYMENT = "k8s/deployment.yaml";
const SEARCH_URL = "http://search.default.svc.cluster.local:9200";

/** The ConfigMap: the settings the README names, SEARCH_URL pointing at the search Service the cluster has. */
const CONFIGMAP = `apiVersion: v1
kind: ConfigMap
metadata:
  name: catalog-config
  labels:
    app: catalog-api
data:
  SEARCH_URL: ${SEARCH_URL}
  LOG_LEVEL: info
`;

export const missingConfigmap: ScenarioSource = {
  id: "missing_configmap",
  task_id: "k8s_pod_failures",
  title: "Catalogue API: pods stuck in CreateContainerConfigError",
  difficulty: "medium",
  description:
    "The Deployment takes its environment from the ConfigMap catalog-config (envFrom), but k8s/configmap.yaml was never committed and the " +
    "cluster has no such ConfigMap: the kubelet cannot build the container's config (configmap \"catalog-config\" not found). The app needs " +
    "SEARCH_URL from it (the README names the setting; kubectl get svc shows the search team's Service search on 9200), so dropping the " +
    "reference or marking it optional only trades this error for a crash.",
  base: "catalog-deploy",
  faults: [{ file: "k8s/configmap.yaml", remove: true }],
  issues: [
    {
      id: "configmap-absent",
      description: "ConfigMap catalog-config exists neither in the manifests nor in the cluster.",
      hint: "The pod events name the ConfigMap the kubelet cannot find. The README names the settings the app reads; kubectl get svc shows the search service.",
      stage: "runtime",
      detection: [{ code: "K8S022", file: DEPLOYMENT }],
    },
  ],
  solution: [{ action_type: "edit_file", edits: [{ file_path: "k8s/configmap.yaml", old_content: "", new_content: CONFIGMAP }] }],
  alternatives: [
    { description: "the ConfigMap as a second document of the Deployment's file", actions: [addBlock(DEPLOYMENT, 49, `---\n${CONFIGMAP}`)] },
    {
      description: "only the required setting, the Service by its short name, in a file of another name",
      actions: [patch(`--- /dev/null\n+++ b/k8s/config.yaml\n@@ -0,0 +1,6 @@\n+apiVersion: v1\n+kind: ConfigMap\n+metadata:\n+  name: catalog-config\n+data:\n+  SEARCH_URL: http://search:9200\n`)],
    },
    {
      description: "drop the reference and set the variables on the container",
      actions: [
        edit(
          DEPLOYMENT,
          "          envFrom:\n            - configMapRef:\n                name: catalog-config\n          env:\n",
          `          env:\n            - name: SEARCH_URL\n              value: ${SEARCH_URL}\n            - name: LOG_LEVEL\n              value: info\n`,
        ),
      ],
    },
  ],
  wrong: [
    { description: "optional: true: the pod starts without SEARCH_URL and the app exits", because: { fires: "K8S024" }, actions: [edit(DEPLOYMENT, "                name: catalog-config\n", "                name: catalog-config\n                optional: true\n")] },
    { description: "drop the reference: the app exits without SEARCH_URL", because: { fires: "K8S024" }, actions: [edit(DEPLOYMENT, "          envFrom:\n            - configMapRef:\n                name: catalog-config\n", "")] },
    {
      description: "the ConfigMap in another namespace",
      because: { fires: "K8S022" },
      actions: [{ action_type: "edit_file", edits: [{ file_path: "k8s/configmap.yaml", old_content: "", new_content: CONFIGMAP.replace("  name: catalog-config\n", "  name: catalog-config\n  namespace: catalog\n") }] }],
    },
    {
      description: "a ConfigMap under another name",
      because: { fires: "K8S022" },
      actions: [{ action_type: "edit_file", edits: [{ file_path: "k8s/configmap.yaml", old_content: "", new_content: CONFIGMAP.replace("name: catalog-config", "name: catalog-api-config") }] }],
    },
    { description: "the ConfigMap with a search URL of its own", because: { violation: "k8s-objects" }, actions: [edit("k8s/configmap.yaml", "", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: catalog-config\ndata:\n  SEARCH_URL: http://localhost:9200\n  LOG_LEVEL: info\n")] },
    { description: "the search Service's short name, but of another namespace", because: { violation: "k8s-objects" }, actions: [edit("k8s/configmap.yaml", "", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: catalog-config\ndata:\n  SEARCH_URL: http://search.search:9200\n  LOG_LEVEL: info\n")] },
  ],
  // The README names the settings; the search team's Service and its port are in the cluster.
  evidence: { inspect: [{ command: "kubectl get svc", shows: "9200/TCP" }] },
  optimal_steps: 1,
  max_steps: 12,
};
