/** GHA007: a step that neither runs a script (`run`) nor an action (`uses`), or that tries to do both. */
import { workflowRule } from "../events.js";
import { reportFindings } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

const job = (step: string): string => `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${step}`;

export const stepKind = workflowRule({
  code: "GHA007",
  name: "step-kind",
  summary: "A step must have exactly one of `run` and `uses`",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: { "workflow-parsed": reportFindings("step-kind") },
  cases: {
    valid: [workflowCase(job("      - name: Build\n        run: echo building\n      - uses: actions/checkout@v4\n        with:\n          fetch-depth: 0\n"))],
    invalid: [
      workflowCase(job("      - name: Build the image\n"), {
        file: CI,
        line: 6,
        message: "There's not enough info to determine what you meant. Add one of these properties: run, shell, uses, with, working-directory",
      }),
      workflowCase(job("      - uses: actions/checkout@v4\n        run: echo building\n"), { file: CI, line: 7, message: "Unexpected value 'run'" }),
      workflowCase(job("      - name: Login\n        with:\n          registry: ghcr.io\n"), {
        file: CI,
        line: 6,
        message: "Required property is missing: uses",
      }),
    ],
  },
});
