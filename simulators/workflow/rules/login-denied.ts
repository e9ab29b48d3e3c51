/**
 * GHA103: the registry refuses the credentials: a Docker Hub password sent to ghcr.io, GITHUB_TOKEN sent
 * to Docker Hub, or a literal string such as `${ secrets.TOKEN }` (single braces are not an expression).
 */
import { workflowRule } from "../events.js";
import type { Origin } from "../runner/values.js";
import { CI, workflowCase } from "./cases.js";
import { jobWith } from "./run-cases.js";

const login = (registry: string, password: string): string =>
  jobWith(`      - uses: docker/login-action@v3\n        with:\n          registry: ${registry}\n          username: \${{ github.actor }}\n          password: ${password}\n`);

const DOCKER_LOOKING = /DOCKER|HUB/i;
const USERNAME_LOOKING = /(^|_)(USER|USERNAME|USER_NAME|LOGIN|ACTOR|EMAIL)$/i;
const GITHUB_LOOKING = /GITHUB|GHCR|^GH_|_GH_|(^|_)PAT$|^CR_PAT$/i;

/**
 * Whether a registry accepts a password with this origin. Secrets are judged by their name, the only thing a
 * workflow says about them: a DOCKERHUB_TOKEN is a Docker Hub credential, a GHCR_PAT is a GitHub one, a
 * DOCKERHUB_USERNAME is an account name and no password at all. A literal string (a `${ secrets.X }` that was
 * never an expression, a hard-coded password) is never right; a value the simulator cannot know may be.
 */
export function registryAccepts(registry: string, origin: Origin): boolean {
  switch (origin.kind) {
    case "opaque":
      return true;
    case "token":
      return registry === "ghcr.io" || registry === "docker.pkg.github.com";
    case "secret": {
      if (USERNAME_LOOKING.test(origin.name)) return false;
      const docker = DOCKER_LOOKING.test(origin.name) && !GITHUB_LOOKING.test(origin.name);
      const github = GITHUB_LOOKING.test(origin.name) && !DOCKER_LOOKING.test(origin.name);
      if (registry === "ghcr.io") return !docker;
      if (registry === "docker.io") return !github;
      return true;
    }
    default:
      return false;
  }
}

/** The daemon's answer to a refused login. */
function refusal(registry: string): string {
  if (registry === "ghcr.io") return 'Error response from daemon: Get "https://ghcr.io/v2/": denied: denied';
  if (registry === "docker.io") return 'Error response from daemon: Get "https://registry-1.docker.io/v2/": unauthorized: incorrect username or password';
  return `Error response from daemon: Get "https://${registry}/v2/": unauthorized: authentication required`;
}

export const loginDenied = workflowRule({
  code: "GHA103",
  name: "login-denied",
  stage: "push",
  summary: "A registry rejects the login: credentials meant for another registry, or a literal string instead of a secret",
  severity: "error",
  phase: "run",
  on: {
    "registry-login"(e, ctx) {
      // Only a login with both credentials reaches the registry.
      if (!e.username || e.username.text.trim() === "" || !e.password || e.password.text.trim() === "") return;
      if (registryAccepts(e.registry, e.password.origin)) return;
      const text = refusal(e.registry);
      ctx.report(e.password.at, text, { output: [e.via === "action" ? `Error: ${text}` : text] });
    },
  },
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
