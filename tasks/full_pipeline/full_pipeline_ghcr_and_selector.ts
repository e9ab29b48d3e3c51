import { edit, edits } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/release.yml";
const SVC = "k8s/service.yaml";
const DEPLOY = "k8s/deployment.yaml";
const LOGIN_RUN = '        run: echo "$GITHUB_TOKEN" | docker login ghcr.io -u "$GITHUB_ACTOR" --password-stdin';
const MAP_TOKEN = "        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n";

export const fullPipelineGhcrAndSelector: ScenarioSource = {
  id: "full_pipeline_ghcr_and_selector",
  task_id: "full_pipeline",
  title: "Inventory service: the release fails at the GHCR login, and the Service has no endpoints",
  difficulty: "expert",
  description:
    "Two faults met one stage at a time. The release job pipes an unmapped $GITHUB_TOKEN to docker login (empty password); once the " +
    "image is pushed and deployed, the Service selects app=inventory-api while the pods are labelled app=inventory, so it has no endpoints.",
  base: "inventory-svc",
  faults: [
    { file: WF, replace: MAP_TOKEN, with: "" },
    { file: SVC, replace: "    app: inventory\n", with: "    app: inventory-api\n" },
  ],
  issues: [
    {
      id: "token-not-mapped",
      description: "The login step reads $GITHUB_TOKEN, which nothing maps into the step's environment.",
      hint: "GITHUB_ACTOR is a default variable of a run step. Is every variable the login reads one, and where else can a step's variables come from?",
      stage: "push",
      detection: [{ code: "GHA102", file: WF }],
    },
    {
      id: "service-selector",
      description: "The Service selects app=inventory-api; the Deployment's pods carry app=inventory.",
      hint: "Compare the Service's selector with the labels of the Deployment's pod template.",
      stage: "traffic",
      detection: [{ code: "K8S030", file: SVC }],
    },
  ],
  solution: [edit(WF, LOGIN_RUN, MAP_TOKEN + LOGIN_RUN), edit(SVC, "    app: inventory-api\n", "    app: inventory\n")],
  alternatives: [
    {
      description: "the selector first, then the token written into the command",
      actions: [edit(SVC, "app: inventory-api", "app: inventory"), edit(WF, 'echo "$GITHUB_TOKEN" |', 'echo "${{ secrets.GITHUB_TOKEN }}" |')],
    },
    {
      description: "github.token mapped, and the pods relabelled to what the Service selects",
      actions: [
        edit(WF, LOGIN_RUN, "        env:\n          GITHUB_TOKEN: ${{ github.token }}\n" + LOGIN_RUN),
        edits(
          [DEPLOY, "  selector:\n    matchLabels:\n      app: inventory\n", "  selector:\n    matchLabels:\n      app: inventory-api\n"],
          [DEPLOY, "      labels:\n        app: inventory\n", "      labels:\n        app: inventory-api\n"],
        ),
      ],
    },
  ],
  wrong: [
    {
      description: "the token fixed, the selector changed to the image's name rather than the pods' label",
      because: { fires: "K8S030" },
      actions: [edit(WF, LOGIN_RUN, MAP_TOKEN + LOGIN_RUN), edit(SVC, "app: inventory-api", "app: inventory-svc")],
      leaves_unfixed: ["service-selector"],
    },
    {
      description: "relabel only the pod template: the Service finds pods, but the Deployment's selector no longer matches them",
      because: { fires: "K8S010" },
      actions: [edit(WF, LOGIN_RUN, MAP_TOKEN + LOGIN_RUN), edit(DEPLOY, "      labels:\n        app: inventory\n", "      labels:\n        app: inventory-api\n")],
      leaves_unfixed: ["service-selector"],
    },
    {
      description: "a secret the repository does not have",
      because: { fires: "GHA102" },
      actions: [edit(WF, LOGIN_RUN, "        env:\n          GITHUB_TOKEN: ${{ secrets.GHCR_PAT }}\n" + LOGIN_RUN), edit(SVC, "app: inventory-api", "app: inventory")],
      leaves_unfixed: ["token-not-mapped"],
    },
    { description: "the selector fixed, the token from a command's output", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/release.yml", "echo \"$GITHUB_TOKEN\"", "echo \"$(cat $HOME/.ghcr)\""), edit("k8s/service.yaml", "    app: inventory-api\n", "    app: inventory\n")] },
    { description: "both fixed, CMD deleted", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "CMD [\"node\", \"server.js\"]\n", ""), edit(".github/workflows/release.yml", "        run: echo \"$GITHUB_TOKEN\" | docker login ghcr.io -u \"$GITHUB_ACTOR\" --password-stdin", "        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n        run: echo \"$GITHUB_TOKEN\" | docker login ghcr.io -u \"$GITHUB_ACTOR\" --password-stdin"), edit("k8s/service.yaml", "    app: inventory-api\n", "    app: inventory\n")] },
    { description: "both fixed, the readiness probe on a path the app does not answer", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "              path: /health\n", "              path: /ready\n"), edit(".github/workflows/release.yml", "        run: echo \"$GITHUB_TOKEN\" | docker login ghcr.io -u \"$GITHUB_ACTOR\" --password-stdin", "        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n        run: echo \"$GITHUB_TOKEN\" | docker login ghcr.io -u \"$GITHUB_ACTOR\" --password-stdin"), edit("k8s/service.yaml", "    app: inventory-api\n", "    app: inventory\n")] },
  ],
  optimal_steps: 2,
  max_steps: 16,
};
