import { addBlock, edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { LEDGER_LOGIN, LEDGER_SECRETS } from "./login_secrets_not_wired.js";

const WF = ".github/workflows/docker.yml";
const LOGIN_STEP = "      - name: Log in to Docker Hub\n" + LEDGER_SECRETS + LEDGER_LOGIN + "\n\n";

export const pushWithoutLogin: ScenarioSource = {
  id: "push_without_login",
  task_id: "ci_docker_integration",
  title: "Ledger API: docker push is denied",
  difficulty: "medium-hard",
  description:
    "The workflow builds and pushes acme/ledger-api without ever logging in to Docker Hub: the push is refused with " +
    "'denied: requested access to the resource is denied'. The repository has the DOCKERHUB_USERNAME and DOCKERHUB_TOKEN secrets (available_secrets, gh secret list).",
  base: "ledger-api",
  faults: [{ file: WF, replace: LOGIN_STEP, with: "" }],
  issues: [
    {
      id: "no-login",
      description: "No docker login before the push to Docker Hub.",
      hint: "A registry accepts pushes only from a client that logged in to it. Which secrets does the repository have?",
      stage: "push",
      detection: [{ code: "GHA104", file: WF }],
    },
  ],
  solution: [edit(WF, "      - name: Build\n", LOGIN_STEP + "      - name: Build\n")],
  alternatives: [
    {
      description: "docker/login-action as a block after checkout",
      actions: [addBlock(WF, 15, "      - uses: docker/login-action@v3\n        with:\n          username: ${{ secrets.DOCKERHUB_USERNAME }}\n          password: ${{ secrets.DOCKERHUB_TOKEN }}\n")],
    },
    {
      description: "log in inside the push step",
      actions: [
        edit(
          WF,
          "        run: |\n          docker push",
          '        env:\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: |\n          echo "$DOCKERHUB_TOKEN" | docker login -u "${{ secrets.DOCKERHUB_USERNAME }}" --password-stdin\n          docker push',
        ),
      ],
    },
  ],
  wrong: [
    {
      description: "a login to ghcr.io: the push goes to Docker Hub",
      because: { fires: "GHA104" },
      actions: [edit(WF, "      - name: Build\n", "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}\n\n      - name: Build\n")],
    },
    {
      description: "a login with the secrets never mapped",
      because: { fires: "GHA102" },
      actions: [edit(WF, "      - name: Build\n", "      - name: Log in\n" + LEDGER_LOGIN + "\n\n      - name: Build\n")],
    },
    { description: "a login whose password is a command's output", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/docker.yml", "      - name: Push\n", "      - name: Login\n        run: docker login -u acme --password \"$(cat /run/secrets/hub)\"\n\n      - name: Push\n")] },
    { description: "the pushes printed in a here-document instead of run", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/docker.yml", "          docker push \"$IMAGE:${{ github.sha }}\"\n          docker push \"$IMAGE:latest\"", "          cat <<EOF\n          docker push \"$IMAGE:latest\"\n          EOF")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
