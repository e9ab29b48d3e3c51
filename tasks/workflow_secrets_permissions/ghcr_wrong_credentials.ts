import { edit, edits, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const PUBLISH = ".github/workflows/publish.yml";
const DOCKER_HUB_LOGIN = "          username: ${{ secrets.DOCKER_USERNAME }}\n          password: ${{ secrets.DOCKER_PASSWORD }}\n";

export const ghcrWrongCredentials: ScenarioSource = {
  id: "ghcr_wrong_credentials",
  task_id: "workflow_secrets_permissions",
  title: "Menu service: ghcr.io denies the registry login",
  difficulty: "medium",
  description:
    "The GHCR login uses the old Docker Hub secrets (DOCKER_USERNAME / DOCKER_PASSWORD). ghcr.io accepts GITHUB_TOKEN or a GitHub " +
    "PAT only, and docker/login-action fails with 'Error response from daemon: Get \"https://ghcr.io/v2/\": denied: denied'. As the seed describes.",
  base: "menu-service",
  faults: [
    { file: PUBLISH, replace: "          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}\n", with: DOCKER_HUB_LOGIN },
  ],
  issues: [
    {
      id: "docker-hub-password-for-ghcr",
      description: "A Docker Hub password is sent to ghcr.io.",
      hint: "ghcr.io is GitHub's own registry. Which credentials does the login send it, and which registry are they for?",
      stage: "push",
      detection: [{ code: "GHA103", file: PUBLISH }],
    },
  ],
  solution: [edit(PUBLISH, DOCKER_HUB_LOGIN, "          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}\n")],
  alternatives: [
    {
      description: "the token from the github context, two edits",
      actions: [
        edits(
          [PUBLISH, "${{ secrets.DOCKER_USERNAME }}", "${{ github.repository_owner }}"],
          [PUBLISH, "${{ secrets.DOCKER_PASSWORD }}", "${{ github.token }}"],
        ),
      ],
    },
    {
      description: "as a patch",
      actions: [
        patch(`--- a/${PUBLISH}
+++ b/${PUBLISH}
@@ -37,4 +37,4 @@
           registry: ghcr.io
-          username: \${{ secrets.DOCKER_USERNAME }}
-          password: \${{ secrets.DOCKER_PASSWORD }}
+          username: \${{ github.actor }}
+          password: \${{ secrets.GITHUB_TOKEN }}
       - name: Build and push
`),
      ],
    },
  ],
  wrong: [
    { description: "keep DOCKER_PASSWORD, change only the username", because: { fires: "GHA103" }, actions: [edit(PUBLISH, "${{ secrets.DOCKER_USERNAME }}", "${{ github.actor }}")] },
    { description: "a secret the repository does not have", because: { fires: "GHA102" }, actions: [edit(PUBLISH, "${{ secrets.DOCKER_PASSWORD }}", "${{ secrets.GHCR_TOKEN }}")] },
    { description: "a personal access token pasted in", because: { fires: "GHA103" }, actions: [edit(PUBLISH, "${{ secrets.DOCKER_PASSWORD }}", "ghp_4Nq7Rz2XkV9mT1bL8sW3yH6dF0cJ5pA2eU7i")] },
    { description: "log in to Docker Hub instead (drop the registry)", because: { fires: "GHA104" }, actions: [edit(PUBLISH, "          registry: ghcr.io\n", "")] },
    { description: "publish to Docker Hub instead of GHCR: the login works because the image now goes elsewhere", because: { violation: "delivery" }, actions: [edits([".github/workflows/publish.yml", "registry: ghcr.io", "registry: docker.io"], [".github/workflows/publish.yml", "IMAGE: ghcr.io/acme/menu-service", "IMAGE: docker.io/acme/menu-service"])] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
