import { addBlock, addLine, edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const CI = ".github/workflows/ci.yml";

export const missingOnTrigger: ScenarioSource = {
  id: "missing_on_trigger",
  task_id: "workflow_syntax",
  title: "Shortlinks: the CI workflow never runs and shows as failed",
  difficulty: "easy",
  description:
    "The workflow lost its whole `on:` block. GitHub rejects it (\"No event triggers defined in `on`\", annotated at line 1) and lists " +
    "the file as a failed run. As the seed describes; no adaptation.",
  base: "shortlinks",
  faults: [{ file: CI, replace: "on:\n  push:\n    branches: [main]\n  pull_request:\n\n", with: "" }],
  issues: [
    {
      id: "no-trigger",
      description: "The workflow has no `on:`, so GitHub has no event to run it for.",
      hint: "A workflow needs an `on:` key naming the events that start it; the notify job says which event it is meant for.",
      stage: "parse",
      detection: [{ code: "GHA002", file: CI }],
    },
  ],
  solution: [addBlock(CI, 3, "on:\n  push:\n    branches: [main]\n  pull_request:\n")],
  alternatives: [
    { description: "a flow sequence of events", actions: [addLine(CI, 2, "on: [push, pull_request]")] },
    {
      description: "a mapping with a manual trigger too",
      actions: [edit(CI, "name: CI\n", "name: CI\n\non:\n  push:\n    branches:\n      - main\n  pull_request:\n    branches: [main]\n  workflow_dispatch:\n")],
    },
    { description: "the triggers at the end of the file, as a block list", actions: [edit(".github/workflows/ci.yml", "            \"$SLACK_WEBHOOK_URL\"\n", "            \"$SLACK_WEBHOOK_URL\"\n\non:\n  pull_request:\n  push:\n    branches:\n      - main\n")] },
  ],
  wrong: [
    { description: "an empty mapping: still no trigger", because: { fires: "GHA002" }, actions: [addLine(CI, 2, "on: {}")] },
    { description: "`on:` with nothing under it", because: { fires: "GHA002" }, actions: [addLine(CI, 2, "on:")] },
    { description: "an event GitHub does not have", because: { violation: "workflow-steps" }, actions: [addLine(CI, 2, "on: commit")] },
    { description: "only a manual trigger: the notify job, meant for pushes, can never run", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/ci.yml", "name: CI\n", "name: CI\n\non: workflow_dispatch\n")] },
    { description: "only pull requests: the push notification never runs", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/ci.yml", "name: CI\n", "name: CI\n\non: pull_request\n")] },
    { description: "triggers restored, and the Node 18 leg deleted", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "node-version: [18, 20]", "node-version: [20]"), edit(".github/workflows/ci.yml", "name: CI\n", "name: CI\n\non:\n  push:\n    branches: [main]\n  pull_request:\n")] },
    { description: "triggers restored, and the Node 18 leg excluded", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "        node-version: [18, 20]\n", "        node-version: [18, 20]\n        exclude:\n          - node-version: 18\n"), edit(".github/workflows/ci.yml", "name: CI\n", "name: CI\n\non:\n  push:\n    branches: [main]\n  pull_request:\n")] },
    { description: "triggers restored, and every leg set up with Node 20 whatever its matrix value", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "node-version: ${{ matrix.node-version }}", "node-version: 20"), edit(".github/workflows/ci.yml", "name: CI\n", "name: CI\n\non:\n  push:\n    branches: [main]\n  pull_request:\n")] },
    { description: "pushes to a release branch instead of main", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/ci.yml", "name: CI\n", "name: CI\non:\n  push:\n    branches: [release]\n  pull_request:\n")] },
    { description: "pull requests only when documentation changes", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/ci.yml", "name: CI\n", "name: CI\non:\n  push:\n    branches: [main]\n  pull_request:\n    paths: ['docs/**']\n")] },
    { description: "triggers restored, and the notification limited to a branch nobody pushes", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "    if: github.event_name == 'push'", "    if: github.event_name == 'push' && github.ref == 'refs/heads/prod'"), edit(".github/workflows/ci.yml", "name: CI\n", "name: CI\n\non:\n  push:\n    branches: [main]\n  pull_request:\n")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
