/**
 * GHA103: the registry refuses the credentials: a Docker Hub password sent to ghcr.io, GITHUB_TOKEN sent
 * to Docker Hub, or a literal string such as `${ secrets.TOKEN }` (single braces are not an expression).
 */
import { runRule } from "../rule-base.js";
import { CI, workflowCase } from "./cases.js";
import { jobWith } from "./run-cases.js";

const login = (registry: string, password: string): string =>
  jobWith(`      - uses: docker/login-action@v3\n        with:\n          registry: ${registry}\n          username: \${{ github.actor }}\n          password: ${password}\n`);

export const loginDenied = runRule({
  code: "GHA103",
  name: "login-denied",
  stage: "push",
  summary: "A registry rejects the login: credentials meant for another registry, or a literal string instead of a secret",
  cases: {
    valid: [
      workflowCase(login("ghcr.io", "${{ secrets.GITHUB_TOKEN }}")),
      workflowCase(login("ghcr.io", "${{ secrets.GHCR_PAT }}"), { world: { secrets: ["GHCR_PAT"] } }),
    ],
    invalid: [
      workflowCase(login("ghcr.io", "${{ secrets.DOCKER_PASSWORD }}"), {
        world: { secrets: ["DOCKER_PASSWORD"] },
        file: CI,
        line: 10,
        message: 'Error response from daemon: Get "https://ghcr.io/v2/": denied: denied',
      }),
      workflowCase(login("ghcr.io", "${ secrets.GITHUB_TOKEN }"), { file: CI, line: 10, message: "denied: denied" }),
      workflowCase(login("docker.io", "${{ secrets.DOCKERHUB_USERNAME }}"), {
        world: { secrets: ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"] },
        file: CI,
        line: 10,
        message: "unauthorized: incorrect username or password",
        name: "the username secret passed as the password",
      }),
    ],
  },
});
