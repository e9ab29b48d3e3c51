/**
 * GHA102: a registry login gets an empty username or password: the secret is never mapped into the
 * step's `env:` (secrets are not shell variables), the secret does not exist, or `$GITHUB_TOKEN` is used
 * in a shell where GitHub does not set it.
 */
import { workflowRule } from "../events.js";
import { APP_FILES, CI, workflowCase } from "./cases.js";
import { jobWith } from "./run-cases.js";

/**
 * Registries docker/login-action logs in to through AWS (its `ecr: auto`): with no username and password it takes
 * the AWS credentials of the job's environment (aws-actions/configure-aws-credentials), which a run cannot see.
 */
const ECR_REGISTRY = /^(\d{12}\.(dkr\.ecr|dkr-ecr)\.[^/]+\.(on\.aws|amazonaws\.com(\.cn)?)|public\.ecr\.aws)$/;

const LOGIN = '      - run: echo "$DOCKER_PASSWORD" | docker login -u "$DOCKER_USERNAME" --password-stdin\n';

export const loginCredentialsEmpty = workflowRule({
  code: "GHA102",
  name: "login-credentials-empty",
  stage: "push",
  summary: "A registry login runs with an empty username or password (secret not mapped into env, or not defined)",
  severity: "error",
  phase: "run",
  on: {
    "registry-login"(e, ctx) {
      const emptyUser = !e.username || e.username.text.trim() === "";
      const emptyPassword = !e.password || e.password.text.trim() === "";
      if (!emptyUser && !emptyPassword) return;
      if (e.via === "action") {
        // login-action logs in through AWS where `ecr` is true, or auto and the registry is ECR's; else it asks
        // for a username and password (src/docker.ts's login), whatever the registry's name.
        const ecr = e.ecr ?? "auto";
        if (ecr === "true" || (ecr === "auto" && ECR_REGISTRY.test(e.registry))) return;
        const text = emptyUser && emptyPassword ? "Username and password required" : emptyUser ? "Username required" : "Password required";
        ctx.report((emptyPassword ? e.password?.at : e.username?.at) ?? e.at, text, { output: [`Error: ${text}`] });
      } else if (e.passwordStdin && emptyUser) {
        ctx.report(e.at, "username is empty", { output: ["username is empty"] });
      } else {
        const text = "Error: Cannot perform an interactive login from a non TTY device";
        ctx.report(e.at, text, { output: [text] });
      }
    },
  },
  cases: {
    valid: [
      workflowCase(
        jobWith(`${LOGIN}        env:\n          DOCKER_USERNAME: \${{ secrets.DOCKER_USERNAME }}\n          DOCKER_PASSWORD: \${{ secrets.DOCKER_PASSWORD }}\n`),
        { files: APP_FILES, world: { secrets: ["DOCKER_USERNAME", "DOCKER_PASSWORD"] } },
      ),
      workflowCase(
        jobWith("      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}\n"),
      ),
      // An action the simulator does not model may set any output: its token is unknown, not empty.
      workflowCase(
        jobWith(
          "      - id: auth\n        uses: google-github-actions/auth@v2\n        with:\n          token_format: access_token\n          workload_identity_provider: projects/1/locations/global/workloadIdentityPools/ci/providers/github\n          service_account: ci@acme.iam.gserviceaccount.com\n      - uses: docker/login-action@v3\n        with:\n          registry: us-docker.pkg.dev\n          username: oauth2accesstoken\n          password: ${{ steps.auth.outputs.access_token }}\n",
        ),
        { name: "a token output by an action the simulator does not model" },
      ),
      // nginx/kubernetes-ingress .github/workflows/oss-release.yml: the login takes configure-aws-credentials' keys.
      workflowCase(
        jobWith(
          "      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n          aws-region: us-east-1\n          role-to-assume: ${{ secrets.AWS_ROLE_PUBLIC_ECR }}\n      - uses: docker/login-action@v3\n        with:\n          registry: public.ecr.aws\n      - uses: docker/login-action@v3\n        with:\n          registry: 123456789012.dkr.ecr.us-east-1.amazonaws.com\n",
        ),
        { name: "an ECR login with the job's AWS credentials" },
      ),
    ],
    invalid: [
      workflowCase(jobWith(LOGIN), { world: { secrets: ["DOCKER_USERNAME", "DOCKER_PASSWORD"] }, file: CI, line: 6, message: "username is empty" }),
      workflowCase(jobWith('      - run: echo $GITHUB_TOKEN | docker login ghcr.io -u $GITHUB_ACTOR --password-stdin\n'), {
        file: CI,
        line: 6,
        message: "Cannot perform an interactive login from a non TTY device",
      }),
      workflowCase(
        jobWith("      - uses: docker/login-action@v3\n        with:\n          username: ${{ secrets.DOCKERHUB_USERNAME }}\n          password: ${{ secrets.DOCKERHUB_TOKEN }}\n"),
        { file: CI, message: "Username and password required" },
      ),
      workflowCase(
        jobWith("      - uses: docker/login-action@v3\n        with:\n          registry: public.ecr.aws\n          ecr: false\n"),
        { file: CI, message: "Username and password required", name: "an ECR registry with ecr: false, logged in as any other" },
      ),
      workflowCase(
        jobWith("      - uses: docker/login-action@v3\n        with:\n          registry: ecr.example.com\n"),
        { file: CI, message: "Username and password required", name: "a registry named like ECR but not AWS's" },
      ),
    ],
  },
});
