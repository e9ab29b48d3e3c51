import { addLine, edit, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const PUBLISH = ".github/workflows/publish.yml";

export const invalidTriggerSyntax: ScenarioSource = {
  id: "invalid_trigger_syntax",
  task_id: "workflow_syntax",
  title: "Menu service: GitHub refuses the publish workflow file",
  difficulty: "easy",
  description:
    "Adapted: the seed's fault (`branches: main` instead of `branches: [main]`) is valid, since GitHub's schema takes a string or a " +
    "list for branch filters. The real fault used here is the misspelt filter key `branch:` under `push:`, which GitHub rejects with " +
    "\"Unexpected value 'branch'\".",
  base: "menu-service",
  faults: [{ file: PUBLISH, replace: "    branches: [main]\n", with: "    branch: [main]\n" }],
  issues: [
    {
      id: "push-filter-misspelt",
      description: "`branch` is not a filter of the push event; GitHub knows branches, branches-ignore, tags, tags-ignore, paths, paths-ignore.",
      hint: "GitHub's push event takes a fixed set of filter keys; check the spelling of the one on line 5.",
      stage: "parse",
      detection: [{ code: "GHA004", file: PUBLISH }],
    },
  ],
  solution: [edit(PUBLISH, "    branch: [main]\n", "    branches: [main]\n")],
  alternatives: [
    { description: "a single branch as a plain string, which GitHub accepts too", actions: [replaceLine(PUBLISH, 5, "    branches: main")] },
    {
      description: "a block sequence, as a patch",
      actions: [
        patch(`--- a/${PUBLISH}
+++ b/${PUBLISH}
@@ -4,3 +4,4 @@
   push:
-    branch: [main]
+    branches:
+      - "main"
     tags: ["v*"]
`),
      ],
    },
    { description: "the tag filter first, the branch in quotes", actions: [edit(".github/workflows/publish.yml", "    branch: [main]\n    tags: [\"v*\"]", "    tags:\n      - \"v*\"\n    branches: [\"main\"]")] },
  ],
  wrong: [
    { description: "a string instead of a list, still under the misspelt key", because: { fires: "GHA004" }, actions: [replaceLine(PUBLISH, 5, "    branch: main")] },
    {
      description: "branches moved up under on:, where GitHub reads it as an event",
      because: { violation: "workflow-steps" },
      actions: [edit(PUBLISH, "on:\n  push:\n    branch: [main]\n", "on:\n  branches: [main]\n  push:\n")],
    },
    { description: "a correct filter added above the misspelt one, which stays", because: { fires: "GHA004" }, actions: [addLine(PUBLISH, 5, "    branches: [main]")] },
    { description: "the filters dropped for a bare on: push: the image is then published from every branch", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/publish.yml", "on:\n  push:\n    branch: [main]\n    tags: [\"v*\"]\n", "on: push\n")] },
    { description: "the key fixed but the branch misspelt: pushes to main never publish", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/publish.yml", "    branch: [main]\n", "    branches: [mian]\n")] },
    { description: "a manual trigger instead of the push: the pipeline no longer runs by itself", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/publish.yml", "on:\n  push:\n    branch: [main]\n    tags: [\"v*\"]\n", "on: workflow_dispatch\n")] },
    { description: "the key fixed, and a paths filter that publishes only for documentation changes", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/publish.yml", "    branch: [main]", "    branches: [main]\n    paths: ['docs/**']")] },
    { description: "the key fixed, and the tag filter narrowed to v1.*", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/publish.yml", "    branch: [main]\n    tags: [\"v*\"]", "    branches: [main]\n    tags: [\"v1.*\"]")] },
    { description: "the key fixed, and publishing limited to tag pushes", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/publish.yml", "  publish:\n    needs: test\n", "  publish:\n    needs: test\n    if: startsWith(github.ref, 'refs/tags/')\n"), edit(".github/workflows/publish.yml", "    branch: [main]", "    branches: [main]")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
