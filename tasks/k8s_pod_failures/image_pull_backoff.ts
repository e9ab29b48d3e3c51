import { addLine, edit, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const DEPLOYMENT = "k8s/deployment.yaml";

export const imagePullBackoff: ScenarioSource = {
  id: "image_pull_backoff",
  task_id: "k8s_pod_failures",
  title: "Docs site: the pod never starts, stuck pulling its image",
  difficulty: "medium",
  description: "image: nginx:latset — Docker Hub has no such tag, so the kubelet's pull fails: ErrImagePull, then ImagePullBackOff.",
  base: "docs-site",
  faults: [{ file: DEPLOYMENT, replace: "image: nginx:latest", with: "image: nginx:latset" }],
  issues: [
    {
      id: "image-tag-missing",
      description: "The tag latset does not exist in docker.io/library/nginx (a typo of latest).",
      hint: "Read the image reference in the pull error letter by letter: which tags does the official nginx image publish?",
      stage: "runtime",
      detection: [{ code: "K8S021", file: DEPLOYMENT }],
    },
  ],
  solution: [edit(DEPLOYMENT, "nginx:latset", "nginx:latest")],
  alternatives: [
    { description: "pin a released version", actions: [replaceLine(DEPLOYMENT, 19, "          image: nginx:1.27")] },
    { description: "the stable Alpine variant, as a patch", actions: [patch("--- a/k8s/deployment.yaml\n+++ b/k8s/deployment.yaml\n@@ -18,3 +18,3 @@\n         - name: nginx\n-          image: nginx:latset\n+          image: nginx:stable-alpine\n           ports:\n")] },
    { description: "a full patch version", actions: [edit(DEPLOYMENT, "image: nginx:latset", "image: nginx:1.27.3-alpine")] },
  ],
  wrong: [
    { description: "another web server, which does not serve the mounted nginx pages", because: { violation: "k8s-objects" }, actions: [edit(DEPLOYMENT, "image: nginx:latset", "image: httpd:2.4")] },
    { description: "an image that pulls but serves nothing", because: { violation: "k8s-objects" }, actions: [edit(DEPLOYMENT, "image: nginx:latset", "image: busybox:1.36")] },
    { description: "imagePullPolicy: Never does not create the tag: ErrImageNeverPull", because: { fires: "K8S021" }, actions: [addLine(DEPLOYMENT, 20, "          imagePullPolicy: Never")] },
    { description: "a patch release that was never published", because: { fires: "K8S021" }, actions: [edit(DEPLOYMENT, "nginx:latset", "nginx:1.27.9")] },
    { description: "a misspelt repository", because: { fires: "K8S021" }, actions: [edit(DEPLOYMENT, "nginx:latset", "ngnix:latest")] },
    {
      description: "delete the Deployment",
      because: { violation: "files-kept" },
      actions: [patch("diff --git a/k8s/deployment.yaml b/k8s/deployment.yaml\ndeleted file mode 100644\n")],
    },
    { description: "the tag fixed, the pages no longer mounted", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "          volumeMounts:\n            - name: pages\n              mountPath: /usr/share/nginx/html\n              readOnly: true\n", ""), edit("k8s/deployment.yaml", "image: nginx:latset", "image: nginx:1.27")] },
    { description: "the tag fixed, the pages mounted where nginx does not serve", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "mountPath: /usr/share/nginx/html", "mountPath: /srv/html"), edit("k8s/deployment.yaml", "image: nginx:latset", "image: nginx:1.27")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
