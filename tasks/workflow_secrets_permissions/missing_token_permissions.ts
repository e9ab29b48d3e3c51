import { addLine, edit, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const PUBLISH = ".github/workflows/publish.yml";

export const missingTokenPermissions: ScenarioSource = {
  id: "missing_token_permissions",
  task_id: "workflow_secrets_permissions",
  title: "Menu service: ghcr.io refuses the image push",
  difficulty: "medium",
  description:
    "Adapted: the seed's push without `packages: write` fails only where the token default is restricted. Here the workflow's " +
    "`permissions:` block lists `contents: read` alone, which sets every other scope, packages included, to none on every repository. " +
    "Login with GITHUB_TOKEN succeeds; build-push-action's push fails with 'denied: permission_denied: write_package'.",
  base: "menu-service",
  faults: [{ file: PUBLISH, replace: "  contents: read\n  packages: write\n", with: "  contents: read\n" }],
  issues: [
    {
      id: "token-cannot-write-packages",
      description: "GITHUB_TOKEN has no packages scope, so it cannot push to ghcr.io.",
      hint: "A permissions: block sets every scope it does not list to none. Compare what the workflow grants GITHUB_TOKEN with what the push was denied.",
      stage: "push",
      detection: [{ code: "GHA105", file: PUBLISH }],
    },
  ],
  solution: [addLine(PUBLISH, 10, "  packages: write")],
  alternatives: [
    {
      description: "job-level permissions on the publish job",
      actions: [edit(PUBLISH, "  publish:\n    needs: test\n", "  publish:\n    needs: test\n    permissions:\n      contents: read\n      packages: write\n")],
    },
    {
      description: "a flow mapping, as a patch",
      actions: [
        patch(`--- a/${PUBLISH}
+++ b/${PUBLISH}
@@ -7,4 +7,3 @@
 
-permissions:
-  contents: read
+permissions: { contents: read, packages: write }
 
`),
      ],
    },
  ],
  wrong: [
    { description: "packages: read", because: { fires: "GHA105" }, actions: [addLine(PUBLISH, 10, "  packages: read")] },
    { description: "drop the block: this organisation's default token is read-only", because: { fires: "GHA105" }, actions: [edit(PUBLISH, "permissions:\n  contents: read\n\n", "")] },
    {
      description: "let the push fail (continue-on-error)",
      because: { fires: "GHA105" },
      actions: [edit(PUBLISH, "      - name: Build and push\n", "      - name: Build and push\n        continue-on-error: true\n")],
    },
    { description: "every scope written: write-all", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/publish.yml", "permissions:\n  contents: read\n", "permissions: write-all\n")] },
    { description: "push only on pull requests, which never run this workflow", because: { violation: "delivery" }, actions: [edit(".github/workflows/publish.yml", "          push: true", "          push: ${{ github.event_name == 'pull_request' }}")] },
  ],
  // Why dropping the block is no fix: the repository's default token is read-only.
  evidence: { inspect: [{ command: "gh api repos/acme/menu-service/actions/permissions/workflow", shows: '"default_workflow_permissions":"read"' }] },
  optimal_steps: 1,
  max_steps: 10,
};
