import { addLine, edit, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const CI = ".github/workflows/ci.yml";

export const missingRunsOn: ScenarioSource = {
  id: "missing_runs_on",
  task_id: "workflow_syntax",
  title: "Catalog API: GitHub refuses the CI workflow file",
  difficulty: "easy",
  description:
    "The image job lost its `runs-on`. GitHub refuses the whole file: 'Required property is missing: runs-on' (a job that runs steps " +
    "must name its runner; only a job calling a reusable workflow may omit it). As the seed describes; no adaptation.",
  base: "catalog-api",
  faults: [{ file: CI, replace: "    needs: test\n    runs-on: ubuntu-latest\n", with: "    needs: test\n" }],
  issues: [
    {
      id: "image-job-without-runner",
      description: "The image job has steps but no runs-on.",
      hint: "Every job that runs steps must say which runner it runs on; compare the image job with the test job.",
      stage: "parse",
      detection: [{ code: "GHA006", file: CI }],
    },
  ],
  solution: [addLine(CI, 25, "    runs-on: ubuntu-latest")],
  alternatives: [
    { description: "a pinned runner image", actions: [edit(CI, "    needs: test\n", "    needs: test\n    runs-on: ubuntu-24.04\n")] },
    {
      description: "runs-on as a list of labels, before needs",
      actions: [
        patch(`--- a/${CI}
+++ b/${CI}
@@ -23,3 +23,4 @@
   image:
+    runs-on: [ubuntu-latest]
     needs: test
     env:
`),
      ],
    },
  ],
  wrong: [
    {
      description: "runs-on at workflow level: GitHub rejects it there and the job still has none",
      because: { fires: "GHA006" },
      actions: [edit(CI, "jobs:\n", "runs-on: ubuntu-latest\n\njobs:\n")],
    },
    { description: "runs_on with an underscore", because: { fires: "GHA006" }, actions: [addLine(CI, 25, "    runs_on: ubuntu-latest")] },
    { description: "switch the job off with if: false", because: { fires: "GHA006" }, actions: [addLine(CI, 25, "    if: false")] },
    { description: "a macOS runner: it has no docker, so the image build fails with 'docker: command not found'", because: { fires: "GHA114" }, actions: [addLine(CI, 25, "    runs-on: macos-latest")] },
    {
      description: "a mistyped label: no runner has ubuntu-lates, so the job waits until the run times out",
      because: { fires: "GHA113" },
      actions: [addLine(CI, 25, "    runs-on: ubuntu-lates")],
    },
    {
      description: "a Windows runner: its daemon runs Windows containers, and the Linux base image has no manifest for it",
      because: { fires: "GHA114" },
      actions: [addLine(CI, 25, "    runs-on: windows-latest")],
    },
    { description: "a self-hosted runner, which the repository does not say it has", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "    needs: test\n    env:", "    needs: test\n    runs-on: self-hosted\n    env:")] },
    { description: "runs-on added, and the job switched off by an if: that never holds on a push to main", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "    needs: test\n    env:", "    needs: test\n    if: github.ref == 'refs/heads/never'\n    runs-on: ubuntu-latest\n    env:")] },
    { description: "runs-on added, and the image job no longer waiting for the tests", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "    needs: test\n    env:", "    runs-on: ubuntu-latest\n    env:")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
