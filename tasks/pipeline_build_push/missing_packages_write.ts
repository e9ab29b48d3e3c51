import { edit, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/publish.yml";

export const missingPackagesWrite: ScenarioSource = {
  id: "missing_packages_write",
  task_id: "pipeline_build_push",
  title: "Reports API: the push to GHCR is denied",
  difficulty: "hard",
  description:
    "The workflow's permissions block grants contents: read only, so GITHUB_TOKEN cannot write packages and GHCR answers " +
    "'denied: permission_denied: write_package' at the push. Adapted from the seed as real-errors.md advises: whether a missing " +
    "packages: write fails depends on the token default, so the fault is an explicit permissions block without packages.",
  base: "reports-api",
  faults: [{ file: WF, replace: "  contents: read\n  packages: write\n", with: "  contents: read\n" }],
  issues: [
    {
      id: "packages-write",
      description: "GITHUB_TOKEN lacks packages: write; a permissions block grants only what it lists.",
      hint: "A permissions block sets every scope it does not list to none. Which scope does pushing to ghcr.io need?",
      stage: "push",
      detection: [{ code: "GHA105", file: WF }],
    },
  ],
  solution: [edit(WF, "  contents: read\n", "  contents: read\n  packages: write\n")],
  alternatives: [
    {
      description: "the permission on the job that pushes",
      actions: [edit(WF, "  publish:\n    runs-on: ubuntu-latest\n", "  publish:\n    runs-on: ubuntu-latest\n    permissions:\n      contents: read\n      packages: write\n")],
    },
    {
      description: "a patch that lists the scopes in flow style",
      actions: [
        patch(`--- a/.github/workflows/publish.yml
+++ b/.github/workflows/publish.yml
@@ -7,4 +7,3 @@
 
-permissions:
-  contents: read
+permissions: { contents: read, packages: write }
 
`),
      ],
    },
  ],
  wrong: [
    { description: "stop pushing: the denied push goes away with the release", because: { violation: "delivery" }, actions: [edit(WF, "          push: true\n", "          push: false\n")] },
    { description: "packages: read does not allow a push", because: { fires: "GHA105" }, actions: [edit(WF, "  contents: read\n", "  contents: read\n  packages: read\n")] },
    { description: "contents: write is the wrong scope", because: { fires: "GHA105" }, actions: [edit(WF, "  contents: read\n", "  contents: write\n")] },
    { description: "the permission added, and the guarded ARG given a default the release overrides", because: { violation: "build-guards" }, actions: [edit("Dockerfile", "ARG APP_VERSION\n", "ARG APP_VERSION=dev\n"), edit(".github/workflows/publish.yml", "permissions:\n  contents: read\n", "permissions:\n  contents: read\n  packages: write\n")] },
    { description: "write-all instead of the one scope", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/publish.yml", "permissions:\n  contents: read\n", "permissions: write-all\n")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
