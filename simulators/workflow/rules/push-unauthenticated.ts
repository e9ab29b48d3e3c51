/** GHA104: an image is pushed to a registry the job never logged in to. */
import { workflowRule } from "../events.js";
import { APP_FILES, CI, workflowCase } from "./cases.js";
import { CHECKOUT, jobWith } from "./run-cases.js";

export const pushUnauthenticated = workflowRule({
  code: "GHA104",
  name: "push-unauthenticated",
  stage: "push",
  summary: "An image is pushed to a registry without a prior login to that registry",
  severity: "error",
  phase: "run",
  on: {
    "registry-push"(e, ctx) {
      if (e.login) return;
      const buildx = e.via === "buildx";
      const prefix = buildx ? `ERROR: failed to build: failed to solve: failed to push ${e.reference}: ` : "";
      const text =
        e.registry === "docker.io"
          ? buildx
            ? "push access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed"
            : "denied: requested access to the resource is denied"
          : e.registry === "ghcr.io"
            ? "unauthorized: unauthenticated: User cannot be authenticated with the token provided."
            : "unauthorized: authentication required";
      ctx.report(e.at, prefix + text, { output: [prefix + text] });
    },
  },
  cases: {
    valid: [
      workflowCase(
        jobWith(
          `${CHECKOUT}      - run: echo "\${{ secrets.GITHUB_TOKEN }}" | docker login ghcr.io -u \${{ github.actor }} --password-stdin\n      - run: docker build -t ghcr.io/acme/app:\${{ github.sha }} .\n      - run: docker push ghcr.io/acme/app:\${{ github.sha }}\n`,
          "permissions:\n  contents: read\n  packages: write\n",
        ),
        { files: APP_FILES },
      ),
    ],
    invalid: [
      workflowCase(jobWith(`${CHECKOUT}      - run: docker build -t acme/app:1.0 .\n      - run: docker push acme/app:1.0\n`), {
        files: APP_FILES,
        file: CI,
        line: 8,
        message: "denied: requested access to the resource is denied",
      }),
      workflowCase(
        jobWith(`${CHECKOUT}      - uses: docker/build-push-action@v6\n        with:\n          context: .\n          push: true\n          tags: ghcr.io/acme/app:latest\n`, "permissions:\n  packages: write\n"),
        { files: APP_FILES, file: CI, message: "unauthorized" },
      ),
    ],
  },
});
