import { deleteBlock, deleteLine, edit, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/publish.yml";

export const wrongBuildContext: ScenarioSource = {
  id: "wrong_build_context",
  task_id: "ci_docker_integration",
  title: "Parcel tracker: the API image build cannot read its Dockerfile",
  difficulty: "medium-hard",
  description:
    "The API build uses context ./backend with file ./Dockerfile. build-push-action resolves file against the workspace, not the " +
    "context, and the repository root has no Dockerfile: 'failed to read dockerfile: open Dockerfile: no such file or directory' " +
    "(real-errors.md §E wrong_build_context, outcome a).",
  base: "parcel-tracker",
  faults: [{ file: WF, replace: "          file: ./backend/Dockerfile\n", with: "          file: ./Dockerfile\n" }],
  issues: [
    {
      id: "dockerfile-path",
      description: "file: ./Dockerfile points at the repository root; the API's Dockerfile is backend/Dockerfile.",
      hint: "Is build-push-action's file input relative to the context or to the repository?",
      stage: "build",
      detection: [{ code: "GHA101", file: WF }],
    },
  ],
  solution: [edit(WF, "          file: ./Dockerfile\n", "          file: ./backend/Dockerfile\n")],
  alternatives: [
    { description: "drop file: the default is {context}/Dockerfile", actions: [deleteLine(WF, 29)] },
    { description: "the path without ./", actions: [replaceLine(WF, 29, "          file: backend/Dockerfile")] },
  ],
  wrong: [
    { description: "file: Dockerfile, expecting it to resolve inside the context", because: { fires: "GHA101" }, actions: [edit(WF, "          file: ./Dockerfile\n", "          file: Dockerfile\n")] },
    {
      description: "the root as context with the backend Dockerfile: its COPY sources are then looked up at the root",
      because: { fires: "DF004" },
      actions: [edit(WF, "          context: ./backend\n          file: ./Dockerfile\n", "          context: .\n          file: ./backend/Dockerfile\n")],
    },
    { description: "delete the API image step: the web image alone builds", because: { violation: "workflow-steps" }, actions: [deleteBlock(".github/workflows/publish.yml", 25, 34)] },
    { description: "the API's step pointed at the web app's context: its tags name the wrong image", because: { violation: "delivery" }, actions: [edit(".github/workflows/publish.yml", "          context: ./backend\n          file: ./Dockerfile\n", "          context: ./frontend\n")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
