import { addBlock, addLine, deleteLine, edit, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const PUBLISH = ".github/workflows/publish.yml";

export const missingStepUsesOrRun: ScenarioSource = {
  id: "missing_step_uses_or_run",
  task_id: "workflow_syntax",
  title: "Menu service: GitHub cannot tell what one publish step does",
  difficulty: "easy",
  description:
    "The 'Set up Docker Buildx' step lost its `uses:` line and is now a name only. GitHub refuses the file: \"There's not enough info " +
    "to determine what you meant. Add one of these properties: run, shell, uses, with, working-directory\". Deleting the step is no " +
    "fix here: build-push-action exports its cache to type=gha, which the default docker driver cannot do without Buildx.",
  base: "menu-service",
  faults: [{ file: PUBLISH, replace: "        uses: docker/setup-buildx-action@v3\n", with: "" }],
  issues: [
    {
      id: "buildx-step-empty",
      description: "The step at line 32 has neither uses nor run.",
      hint: "A step must either run an action (uses) or a script (run); the step's name says which action it was meant to run.",
      stage: "parse",
      detection: [{ code: "GHA007", file: PUBLISH }],
    },
  ],
  solution: [addLine(PUBLISH, 33, "        uses: docker/setup-buildx-action@v3")],
  alternatives: [
    {
      description: "the action pinned to a release, with an input",
      actions: [
        edit(
          PUBLISH,
          "      - name: Set up Docker Buildx\n",
          "      - name: Set up Docker Buildx\n        uses: docker/setup-buildx-action@v3.7.1\n        with:\n          install: true\n",
        ),
      ],
    },
    {
      description: "uses before name, as a patch",
      actions: [
        patch(`--- a/${PUBLISH}
+++ b/${PUBLISH}
@@ -31,3 +31,4 @@
       - uses: actions/checkout@v4
-      - name: Set up Docker Buildx
+      - uses: docker/setup-buildx-action@v3
+        name: Set up Docker Buildx
       - name: Log in to GHCR
`),
      ],
    },
    { description: "a run step that creates a docker-container builder and makes it current", actions: [addLine(".github/workflows/publish.yml", 33, "        run: docker buildx create --use --driver docker-container")] },
  ],
  wrong: [
    { description: "delete the empty step: the gha cache export then fails on the docker driver", because: { fires: "GHA109" }, actions: [deleteLine(PUBLISH, 32)] },
    { description: "only with: inputs, still no action", because: { fires: "GHA007" }, actions: [addBlock(PUBLISH, 33, "        with:\n          install: true")] },
    { description: "a run that only prints", because: { fires: "GHA109" }, actions: [addLine(PUBLISH, 33, '        run: echo "Buildx ready"')] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
