/**
 * GHA009: a job id or step id GitHub refuses: not starting with a letter or `_`, holding other characters
 * than alphanumerics, `-` and `_`, starting with `__`, or a step id used twice in one job. GitHub's parser
 * (its IdBuilder) decides; the rule reports what it found.
 */
import { workflowRule } from "../events.js";
import { reportFindings } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

export const invalidIdentifier = workflowRule({
  code: "GHA009",
  name: "invalid-identifier",
  summary: "A job or step id that GitHub refuses, or a step id used twice in one job",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: { "workflow-parsed": reportFindings("invalid-identifier") },
  cases: {
    valid: [workflowCase("on: push\njobs:\n  build_1:\n    runs-on: ubuntu-latest\n    steps:\n      - id: meta\n        run: echo\n      - id: push-image\n        run: echo\n")],
    invalid: [
      workflowCase("on: push\njobs:\n  1build:\n    runs-on: ubuntu-latest\n    steps: [{run: echo ok}]\n", { file: CI, line: 3, message: "The identifier '1build' is invalid" }),
      workflowCase("on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - id: meta\n        run: echo\n      - id: meta\n        run: echo\n", {
        file: CI,
        line: 8,
        message: "The identifier 'meta' may not be used more than once within the same scope.",
      }),
    ],
  },
});
