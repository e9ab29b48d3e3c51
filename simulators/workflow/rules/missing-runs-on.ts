/** GHA006: a job with steps but no `runs-on` (a job that calls a reusable workflow with `uses:` needs none). */
import { workflowRule } from "../events.js";
import { reportFindings } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

export const missingRunsOn = workflowRule({
  code: "GHA006",
  name: "missing-runs-on",
  summary: "A job that runs steps does not say which runner it runs on",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: { "workflow-parsed": reportFindings("runs-on") },
  cases: {
    valid: [
      workflowCase("on: push\njobs:\n  call:\n    uses: ./.github/workflows/build.yml\n    secrets: inherit\n", {
        files: { ".github/workflows/build.yml": "on: workflow_call\njobs:\n  b:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo building\n" },
      }),
      workflowCase("on: push\njobs:\n  a:\n    runs-on: [self-hosted, linux]\n    steps:\n      - run: echo building\n"),
    ],
    invalid: [
      workflowCase("on: push\njobs:\n  build:\n    steps:\n      - uses: actions/checkout@v4\n", {
        file: CI,
        line: 4,
        message: "Required property is missing: runs-on",
      }),
      workflowCase("on: push\njobs:\n  build:\n    runs_on: ubuntu-latest\n    steps:\n      - run: echo building\n", {
        file: CI,
        line: 4,
        message: "Required property is missing: runs-on",
      }),
    ],
  },
});
