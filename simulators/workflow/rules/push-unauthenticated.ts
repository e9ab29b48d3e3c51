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
      // A login the simulator could not see (an unmodelled action, a cloud CLI's credential helper) may cover it.
      if (e.loginUnseen) return ctx.undecided();
      // A login its `if:` skipped may run whenever this push does, if the push's own step is switched off or
      // gated on what the run cannot know; an unconditional push after it fails whenever the login is skipped.
      if (e.loginSkipped && (e.step.off || e.step.conditionUnknown)) return ctx.undecided();
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
      // Cloud registries are logged in to by their own actions and CLIs, which write Docker's config themselves.
      workflowCase(
        jobWith(`${CHECKOUT}      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n          role-to-assume: arn:aws:iam::123456789012:role/ci\n          aws-region: us-east-1\n      - uses: aws-actions/amazon-ecr-login@v2\n      - run: docker build -t 123456789012.dkr.ecr.us-east-1.amazonaws.com/app:1.0 .\n      - run: docker push 123456789012.dkr.ecr.us-east-1.amazonaws.com/app:1.0\n`),
        { files: APP_FILES, lint: true, name: "after a cloud's login action (undecided)" },
      ),
      workflowCase(
        jobWith(`${CHECKOUT}      - run: gcloud auth configure-docker europe-docker.pkg.dev --quiet\n      - run: docker build -t europe-docker.pkg.dev/acme/app/web:1.0 .\n      - run: docker push europe-docker.pkg.dev/acme/app/web:1.0\n`),
        { files: APP_FILES, lint: true, name: "after gcloud auth configure-docker (undecided)" },
      ),
      workflowCase(
        jobWith(`${CHECKOUT}      - run: az acr login --name acme\n      - run: docker build -t acme.azurecr.io/web:1.0 . && docker push acme.azurecr.io/web:1.0\n`),
        { files: APP_FILES, lint: true, name: "after az acr login (undecided)" },
      ),
      // grafana/k6's build.yml: the login and the pushes share a release condition the run does not meet.
      workflowCase(
        jobWith(
          `${CHECKOUT}      - if: github.ref == 'refs/heads/master'\n        uses: grafana/shared-workflows/actions/login-to-gar@v1\n        with:\n          registry: us-docker.pkg.dev\n      - run: docker build -t us-docker.pkg.dev/acme/k6/k6:master .\n      - if: github.ref == 'refs/heads/master'\n        run: docker push us-docker.pkg.dev/acme/k6/k6:master\n      - id: classify\n        uses: acme/classify-release@v1\n      - if: steps.classify.outputs.latest == 'true'\n        run: docker push us-docker.pkg.dev/acme/k6/k6:master\n`,
        ),
        { files: APP_FILES, lint: true, name: "after a login its if: skipped, in a step switched off or gated on what the run cannot know (undecided)" },
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
      workflowCase(jobWith(`${CHECKOUT}      - run: gcloud auth configure-docker --quiet\n      - run: docker build -t acme/app:1.0 .\n      - run: docker push acme/app:1.0\n`), {
        files: APP_FILES,
        file: CI,
        line: 9,
        name: "gcloud's login does not reach Docker Hub",
        message: "denied: requested access to the resource is denied",
      }),
      workflowCase(
        jobWith(
          `${CHECKOUT}      - if: github.ref == 'refs/heads/master'\n        uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: \${{ github.actor }}\n          password: \${{ secrets.GITHUB_TOKEN }}\n      - run: docker build -t ghcr.io/acme/app:1.0 .\n      - run: docker push ghcr.io/acme/app:1.0\n`,
          "permissions:\n  packages: write\n",
        ),
        { files: APP_FILES, file: CI, line: 16, name: "a login its if: skipped does not cover a push that always runs", message: "unauthorized" },
      ),
    ],
  },
});
