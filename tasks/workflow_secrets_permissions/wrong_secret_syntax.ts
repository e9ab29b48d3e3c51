import { edit, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const CI = ".github/workflows/ci.yml";
const BROKEN = 'echo "${ secrets.DOCKERHUB_TOKEN }" | docker login';

export const wrongSecretSyntax: ScenarioSource = {
  id: "wrong_secret_syntax",
  task_id: "workflow_secrets_permissions",
  title: "Catalog API: the Docker Hub login step dies with a bash error",
  difficulty: "medium",
  description:
    "The login script reads the token as `${ secrets.DOCKERHUB_TOKEN }` (single braces). GitHub evaluates only `${{ }}`, so the text " +
    "reaches bash, which rejects it: '${ secrets.DOCKERHUB_TOKEN }: bad substitution'; the echo dies, docker login reads an empty password from stdin and fails " +
    "('Cannot perform an interactive login from a non TTY device'). Not a parse error as the seed implies: " +
    "actionlint and GitHub accept the file; the step fails at run time.",
  base: "catalog-api",
  faults: [{ file: CI, replace: 'echo "$DOCKERHUB_TOKEN" | docker login', with: BROKEN }],
  issues: [
    {
      id: "single-brace-secret",
      description: "`${ secrets.DOCKERHUB_TOKEN }` is neither a GitHub expression nor a valid shell expansion.",
      hint: "GitHub expressions are written ${{ … }}; inside a script, the step's env: variables are plain $NAME.",
      stage: "push",
      // bash rejects the expansion inside the pipeline's first command; docker login still runs, on an empty stdin.
      detection: [
        { code: "GHA107", file: CI },
        { code: "GHA102", file: CI },
      ],
    },
  ],
  solution: [edit(CI, BROKEN, 'echo "$DOCKERHUB_TOKEN" | docker login')],
  alternatives: [
    { description: "the expression written correctly, inline", actions: [edit(CI, "${ secrets.DOCKERHUB_TOKEN }", "${{ secrets.DOCKERHUB_TOKEN }}")] },
    {
      description: "braced shell variables, the line rewritten",
      actions: [replaceLine(CI, 37, '        run: printf \'%s\' "${DOCKERHUB_TOKEN}" | docker login --username "${DOCKERHUB_USERNAME}" --password-stdin')],
    },
    { description: "the token passed in a here-string", actions: [edit(".github/workflows/ci.yml", "echo \"${ secrets.DOCKERHUB_TOKEN }\" | docker login -u \"$DOCKERHUB_USERNAME\" --password-stdin", "docker login -u \"$DOCKERHUB_USERNAME\" --password-stdin <<< \"$DOCKERHUB_TOKEN\"")] },
  ],
  wrong: [
    { description: "a dollar without braces: bash reads $secrets, then literal text", because: { fires: "GHA103" }, actions: [edit(CI, "${ secrets.DOCKERHUB_TOKEN }", "$secrets.DOCKERHUB_TOKEN")] },
    { description: "single braces without the spaces", because: { fires: "GHA107" }, actions: [edit(CI, "${ secrets.DOCKERHUB_TOKEN }", "${secrets.DOCKERHUB_TOKEN}")] },
    { description: "the token pasted into the script", because: { violation: "no-hard-coded-secrets" }, actions: [edit(CI, "${ secrets.DOCKERHUB_TOKEN }", "dckr_pat_2bVqXhT9LmN4pR7sW1yZ0aQe")] },
    { description: "a correct expression for the wrong secret: the username is sent as the password", because: { fires: "GHA103" }, actions: [edit(".github/workflows/ci.yml", "${ secrets.DOCKERHUB_TOKEN }", "${{ secrets.DOCKERHUB_USERNAME }}")] },
    { description: "the token read from a file on the runner", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/ci.yml", "\"${ secrets.DOCKERHUB_TOKEN }\"", "\"$(cat token.txt)\"")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
