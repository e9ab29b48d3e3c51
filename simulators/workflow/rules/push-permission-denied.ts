/**
 * GHA105: GITHUB_TOKEN may not write packages, so ghcr.io refuses the push. A `permissions:` block that
 * omits `packages` sets it to none; without a block the repository default applies (restricted since
 * 2023: packages read).
 */
import { workflowRule } from "../events.js";
import { APP_FILES, CI, workflowCase } from "./cases.js";
import { CHECKOUT, jobWith } from "./run-cases.js";

const steps = `${CHECKOUT}      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: \${{ github.actor }}\n          password: \${{ secrets.GITHUB_TOKEN }}\n      - uses: docker/build-push-action@v6\n        with:\n          context: .\n          push: true\n          tags: ghcr.io/acme/app:\${{ github.sha }}\n`;

export const pushPermissionDenied = workflowRule({
  code: "GHA105",
  name: "push-permission-denied",
  stage: "push",
  summary: "A push to ghcr.io with GITHUB_TOKEN when the workflow or job does not grant `packages: write`",
  severity: "error",
  phase: "run",
  on: {
    "registry-push"(e, ctx) {
      if (e.registry !== "ghcr.io" || e.login?.kind !== "github-token" || e.permissions["packages"] === "write") return;
      const buildx = e.via === "buildx";
      const prefix = buildx ? `ERROR: failed to build: failed to solve: failed to push ${e.reference}: ` : "";
      const text = buildx ? "denied: permission_denied: write_package" : `denied: installation not allowed to ${e.packageExists ? "Write" : "Create"} organization package`;
      ctx.report(e.at, prefix + text, { output: [prefix + text] });
    },
  },
  cases: {
    valid: [
      workflowCase(jobWith(steps, "permissions:\n  contents: read\n  packages: write\n"), { files: APP_FILES }),
      workflowCase(jobWith(steps), { files: APP_FILES, world: { repository: { default_token_permissions: "permissive" } } }),
    ],
    invalid: [
      workflowCase(jobWith(steps, "permissions:\n  contents: read\n"), { files: APP_FILES, file: CI, message: "denied: permission_denied: write_package" }),
      workflowCase(jobWith(steps), { files: APP_FILES, file: CI, message: "write_package" }),
    ],
  },
});
