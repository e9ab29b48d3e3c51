import { edit, edits, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/publish.yml";
const DEPLOY = "k8s/deployment.yaml";
const INGRESS = "k8s/ingress.yaml";
const PLACEHOLDER = "ghcr.io/${{ github.repository }}:latest";

export const fullPipelinePermissionsImageIngress: ScenarioSource = {
  id: "full_pipeline_permissions_image_ingress",
  task_id: "full_pipeline",
  title: "Reports API: the push is denied, the pods cannot start, and the Ingress is never served",
  difficulty: "expert",
  description:
    "Three faults met one stage at a time. (1) The permissions block grants contents: read only: the push to GHCR is denied " +
    "(write_package). (2) The Deployment's image is a workflow expression left in the manifest, ghcr.io/${{ github.repository }}:latest, " +
    "which the kubelet cannot parse (InvalidImageName); the workflow pushes ghcr.io/acme/reports-api:main. (3) The Ingress has no " +
    "ingressClassName and the cluster has no default IngressClass, so ingress-nginx ignores it.",
  base: "reports-api",
  faults: [
    { file: WF, replace: "  contents: read\n  packages: write\n", with: "  contents: read\n" },
    { file: DEPLOY, replace: "image: ghcr.io/acme/reports-api:main", with: `image: ${PLACEHOLDER}` },
    { file: INGRESS, replace: "  ingressClassName: nginx\n", with: "" },
  ],
  issues: [
    {
      id: "packages-write",
      description: "GITHUB_TOKEN lacks packages: write.",
      hint: "A permissions block sets every scope it does not list to none.",
      stage: "push",
      detection: [{ code: "GHA105", file: WF }],
    },
    {
      id: "image-placeholder",
      description: "The manifest's image is an unexpanded workflow expression; nothing substitutes it before kubectl apply.",
      hint: "Expressions are only expanded inside workflow files. Which image and tag does the workflow push?",
      stage: "runtime",
      detection: [{ code: "K8S021", file: DEPLOY }],
    },
    {
      id: "ingress-class",
      description: "No ingressClassName and no default IngressClass: no controller serves the Ingress.",
      hint: "Which IngressClasses does the cluster have (kubectl get ingressclass), and how does an Ingress choose one?",
      stage: "traffic",
      detection: [{ code: "K8S033", file: INGRESS }],
    },
  ],
  solution: [
    edit(WF, "  contents: read\n", "  contents: read\n  packages: write\n"),
    edit(DEPLOY, PLACEHOLDER, "ghcr.io/acme/reports-api:main"),
    edit(INGRESS, "spec:\n", "spec:\n  ingressClassName: nginx\n"),
  ],
  alternatives: [
    {
      description: "the Ingress first (the legacy class annotation), the image, then job-level permissions",
      actions: [
        edit(INGRESS, "metadata:\n  name: reports\n", "metadata:\n  name: reports\n  annotations:\n    kubernetes.io/ingress.class: nginx\n"),
        replaceLine(DEPLOY, 17, "          image: ghcr.io/acme/reports-api:main"),
        edit(WF, "    runs-on: ubuntu-latest\n", "    runs-on: ubuntu-latest\n    permissions:\n      contents: read\n      packages: write\n"),
      ],
    },
    {
      description: "the push tagged latest too, and the Deployment on it",
      actions: [
        edits(
          [WF, "  contents: read\n", "  contents: read\n  packages: write\n"],
          [WF, "          tags: ghcr.io/acme/reports-api:${{ github.ref_name }}", "          tags: |\n            ghcr.io/acme/reports-api:${{ github.ref_name }}\n            ghcr.io/acme/reports-api:latest"],
        ),
        edit(DEPLOY, PLACEHOLDER, "ghcr.io/acme/reports-api:latest"),
        edit(INGRESS, "spec:\n", "spec:\n  ingressClassName: nginx\n"),
      ],
    },
  ],
  wrong: [
    {
      description: "the image named after the repository but with a tag the workflow never pushes",
      because: { fires: "K8S021" },
      actions: [
        edit(WF, "  contents: read\n", "  contents: read\n  packages: write\n"),
        edit(DEPLOY, PLACEHOLDER, "ghcr.io/acme/reports-api:latest"),
        edit(INGRESS, "spec:\n", "spec:\n  ingressClassName: nginx\n"),
      ],
      leaves_unfixed: ["image-placeholder"],
    },
    {
      description: "an ingress class the cluster does not have",
      because: { fires: "K8S033" },
      actions: [
        edit(WF, "  contents: read\n", "  contents: read\n  packages: write\n"),
        edit(DEPLOY, PLACEHOLDER, "ghcr.io/acme/reports-api:main"),
        edit(INGRESS, "spec:\n", "spec:\n  ingressClassName: traefik\n"),
      ],
      leaves_unfixed: ["ingress-class"],
    },
    {
      description: "packages: read does not allow a push",
      because: { fires: "GHA105" },
      actions: [edit(WF, "  contents: read\n", "  contents: read\n  packages: read\n")],
      leaves_unfixed: ["packages-write"],
    },
    {
      description: "the placeholder replaced by a stock nginx image, which pulls and runs but is not the reports API",
      because: { violation: "k8s-objects" },
      actions: [
        edit(WF, "  contents: read\n", "  contents: read\n  packages: write\n"),
        edit(DEPLOY, PLACEHOLDER, "nginx:1.27-alpine"),
        edit(INGRESS, "spec:\n", "spec:\n  ingressClassName: nginx\n"),
      ],
      leaves_unfixed: ["image-placeholder"],
    },
    { description: "image and Ingress fixed, the token given write-all", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/publish.yml", "permissions:\n  contents: read\n", "permissions: write-all\n"), edit("k8s/deployment.yaml", "image: ghcr.io/${{ github.repository }}:latest", "image: ghcr.io/acme/reports-api:main"), edit("k8s/ingress.yaml", "spec:\n  rules:", "spec:\n  ingressClassName: nginx\n  rules:")] },
    { description: "permissions and image fixed, an IngressClass of the repository's own made the default", because: { violation: "k8s-objects" }, actions: [edit("k8s/ingressclass.yaml", "", "apiVersion: networking.k8s.io/v1\nkind: IngressClass\nmetadata:\n  name: nginx\n  annotations:\n    ingressclass.kubernetes.io/is-default-class: \"true\"\nspec:\n  controller: k8s.io/ingress-nginx\n"), edit(".github/workflows/publish.yml", "permissions:\n  contents: read\n", "permissions:\n  contents: read\n  packages: write\n"), edit("k8s/deployment.yaml", "image: ghcr.io/${{ github.repository }}:latest", "image: ghcr.io/acme/reports-api:main")] },
  ],
  evidence: { inspect: [{ command: "kubectl get ingressclass", shows: "nginx   k8s.io/ingress-nginx" }] },
  optimal_steps: 3,
  max_steps: 16,
};
