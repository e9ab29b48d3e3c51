/** GHA008: a key defined twice in one mapping (two jobs with one id, two `runs-on:`), compared case-insensitively. */
import { workflowRule } from "../events.js";
import { reportFindings } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

export const duplicateKey = workflowRule({
  code: "GHA008",
  name: "duplicate-key",
  summary: "A mapping defines the same key (a job id, an env name) twice",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: { "workflow-parsed": reportFindings("duplicate-key") },
  cases: {
    valid: [workflowCase("on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps: [{run: echo ok}]\n  Build-2:\n    runs-on: ubuntu-latest\n    steps: [{run: echo ok}]\n")],
    invalid: [
      workflowCase("on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps: [{run: echo ok}]\n  build:\n    runs-on: ubuntu-latest\n    steps: [{run: echo test}]\n", {
        file: CI,
        line: 6,
        message: "'build' is already defined",
      }),
      workflowCase("on: push\nenv:\n  TAG: a\n  tag: b\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps: [{run: echo ok}]\n", {
        file: CI,
        line: 4,
        message: "'tag' is already defined",
      }),
    ],
  },
});
