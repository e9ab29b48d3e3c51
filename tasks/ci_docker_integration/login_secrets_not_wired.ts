import { edit, edits, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/docker.yml";
export const LEDGER_SECRETS = "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n";
export const LEDGER_LOGIN = '        run: echo "$DOCKERHUB_TOKEN" | docker login --username "$DOCKERHUB_USERNAME" --password-stdin';

export const loginSecretsNotWired: ScenarioSource = {
  id: "login_secrets_not_wired",
  task_id: "ci_docker_integration",
  title: "Ledger API: docker login fails in CI",
  difficulty: "medium-hard",
  description:
    "The login step reads $DOCKERHUB_USERNAME and $DOCKERHUB_TOKEN, but no env: block maps the secrets into it: docker login gets an " +
    "empty username and stops ('username is empty' from Docker 28.2; the seed's 'unauthorized' is what a later push prints).",
  base: "ledger-api",
  faults: [{ file: WF, replace: LEDGER_SECRETS, with: "" }],
  issues: [
    {
      id: "login-secrets",
      description: "The repository's secrets are not mapped into the login step's environment.",
      hint: "Repository secrets reach a run step only through ${{ secrets.NAME }}, usually via an env: block.",
      stage: "push",
      detection: [{ code: "GHA102", file: WF }],
    },
  ],
  solution: [edit(WF, LEDGER_LOGIN, LEDGER_SECRETS + LEDGER_LOGIN)],
  alternatives: [
    {
      description: "the secrets as expressions in the command",
      actions: [edit(WF, 'echo "$DOCKERHUB_TOKEN" | docker login --username "$DOCKERHUB_USERNAME"', 'echo "${{ secrets.DOCKERHUB_TOKEN }}" | docker login --username "${{ secrets.DOCKERHUB_USERNAME }}"')],
    },
    {
      description: "docker/login-action",
      actions: [
        patch(`--- a/.github/workflows/docker.yml
+++ b/.github/workflows/docker.yml
@@ -15,3 +15,6 @@
       - name: Log in to Docker Hub
-        run: echo "$DOCKERHUB_TOKEN" | docker login --username "$DOCKERHUB_USERNAME" --password-stdin
+        uses: docker/login-action@v3
+        with:
+          username: \${{ secrets.DOCKERHUB_USERNAME }}
+          password: \${{ secrets.DOCKERHUB_TOKEN }}
 
`),
      ],
    },
    { description: "the login wired, every tag pushed with --all-tags", actions: [edits([".github/workflows/docker.yml", "          docker push \"$IMAGE:${{ github.sha }}\"\n          docker push \"$IMAGE:latest\"", "          docker push --all-tags \"$IMAGE\""], [".github/workflows/docker.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login", "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo \"$DOCKERHUB_TOKEN\" | docker login"])] },
  ],
  wrong: [
    {
      description: "only the username mapped: the password is still empty",
      because: { fires: "GHA102" },
      actions: [edit(WF, LEDGER_LOGIN, "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n" + LEDGER_LOGIN)],
    },
    {
      description: "secret names the repository does not have",
      because: { fires: "GHA102" },
      actions: [edit(WF, LEDGER_LOGIN, "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKER_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKER_PASSWORD }}\n" + LEDGER_LOGIN)],
    },
    { description: "the password from a command's output", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/docker.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login --username \"$DOCKERHUB_USERNAME\" --password-stdin", "        run: echo \"$(printenv TOKEN)\" | docker login --username \"${{ secrets.DOCKERHUB_USERNAME }}\" --password-stdin")] },
    { description: "the login wired, and the image pushed under another name", because: { violation: "delivery" }, actions: [edit(".github/workflows/docker.yml", "      IMAGE: acme/ledger-api\n", "      IMAGE: acme/ledger\n"), edit(".github/workflows/docker.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login --username \"$DOCKERHUB_USERNAME\" --password-stdin", "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo \"$DOCKERHUB_TOKEN\" | docker login --username \"$DOCKERHUB_USERNAME\" --password-stdin")] },
    { description: "the login wired, and gunicorn bound to loopback in the pushed image", because: { violation: "image-start" }, actions: [edit("Dockerfile", "0.0.0.0:8000", "127.0.0.1:8000"), edit(".github/workflows/docker.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login --username \"$DOCKERHUB_USERNAME\" --password-stdin", "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo \"$DOCKERHUB_TOKEN\" | docker login --username \"$DOCKERHUB_USERNAME\" --password-stdin")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
