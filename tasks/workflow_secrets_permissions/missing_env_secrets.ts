import { addBlock, edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const CI = ".github/workflows/ci.yml";
const ENV_BLOCK =
  "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n";

export const missingEnvSecrets: ScenarioSource = {
  id: "missing_env_secrets",
  task_id: "workflow_secrets_permissions",
  title: "Catalog API: the Docker Hub login gets an empty username",
  difficulty: "medium",
  description:
    "The login step's `env:` mapping is gone, so $DOCKERHUB_USERNAME and $DOCKERHUB_TOKEN are empty in the shell: secrets are never " +
    "exported to steps on their own. `docker login --password-stdin` with an empty username fails ('username is empty', Docker ≥ 28.2). " +
    "As the seed describes (its DOCKER_PASSWORD is this repository's DOCKERHUB_TOKEN).",
  base: "catalog-api",
  faults: [{ file: CI, replace: ENV_BLOCK, with: "" }],
  issues: [
    {
      id: "login-secrets-not-mapped",
      description: "The login step reads $DOCKERHUB_USERNAME and $DOCKERHUB_TOKEN, which nothing maps from the repository secrets.",
      hint: "A run step sees a secret only through an env: entry whose value is ${{ secrets.NAME }}; available_secrets lists the secrets.",
      stage: "push",
      detection: [{ code: "GHA102", file: CI }],
    },
  ],
  solution: [addBlock(CI, 34, ENV_BLOCK.replace(/\n$/, ""))],
  alternatives: [
    {
      description: "job-level env",
      actions: [
        edit(
          CI,
          "      IMAGE: acme/catalog-api\n",
          "      IMAGE: acme/catalog-api\n      DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n      DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n",
        ),
      ],
    },
    {
      description: "docker/login-action with the secrets as inputs",
      actions: [
        edit(
          CI,
          '        run: echo "$DOCKERHUB_TOKEN" | docker login -u "$DOCKERHUB_USERNAME" --password-stdin\n',
          "        uses: docker/login-action@v3\n        with:\n          username: ${{ secrets.DOCKERHUB_USERNAME }}\n          password: ${{ secrets.DOCKERHUB_TOKEN }}\n",
        ),
      ],
    },
    { description: "workflow-level env", actions: [edit(".github/workflows/ci.yml", "\njobs:\n", "\nenv:\n  DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n  DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n\njobs:\n")] },
  ],
  wrong: [
    {
      description: "the env context without defining the variables",
      because: { fires: "GHA102" },
      actions: [
        edit(
          CI,
          'echo "$DOCKERHUB_TOKEN" | docker login -u "$DOCKERHUB_USERNAME"',
          'echo "${{ env.DOCKERHUB_TOKEN }}" | docker login -u "${{ env.DOCKERHUB_USERNAME }}"',
        ),
      ],
    },
    {
      description: "workflow-level env that maps the variables to themselves (literal strings)",
      because: { fires: "GHA103" },
      actions: [edit(CI, "jobs:\n", "env:\n  DOCKERHUB_USERNAME: $DOCKERHUB_USERNAME\n  DOCKERHUB_TOKEN: $DOCKERHUB_TOKEN\n\njobs:\n")],
    },
    {
      description: "a hard-coded username and access token",
      because: { violation: "no-hard-coded-secrets" },
      actions: [addBlock(CI, 34, "        env:\n          DOCKERHUB_USERNAME: acme\n          DOCKERHUB_TOKEN: dckr_pat_2bVqXhT9LmN4pR7sW1yZ0aQe")],
    },
    { description: "the two secrets mapped the wrong way round: the username goes in as the password", because: { fires: "GHA103" }, actions: [edit(".github/workflows/ci.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login", "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_TOKEN }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_USERNAME }}\n        run: echo \"$DOCKERHUB_TOKEN\" | docker login")] },
    { description: "the password from a command's output, where the secret belongs", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/ci.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login -u \"$DOCKERHUB_USERNAME\" --password-stdin", "        run: docker login -u \"${{ secrets.DOCKERHUB_USERNAME }}\" -p \"$(echo hunter2hunter2)\"")] },
    { description: "the token mapped, the username written into the script", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/ci.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login -u \"$DOCKERHUB_USERNAME\" --password-stdin", "        env:\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo \"$DOCKERHUB_TOKEN\" | docker login -u \"acme\" --password-stdin")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
