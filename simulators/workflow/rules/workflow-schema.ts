/**
 * GHA005: a key or value GitHub's workflow schema does not accept at that place (an unknown key at workflow,
 * job or step level, a sequence where a string belongs, `continue-on-error: maybe`, a missing `jobs:`).
 */
import { workflowRule } from "../events.js";
import { reportFindings } from "./parse-findings.js";
import { CI, HELLO_JOB, workflowCase } from "./cases.js";

export const workflowSchema = workflowRule({
  code: "GHA005",
  name: "workflow-schema",
  summary: "A key or value that GitHub's workflow schema rejects at that place",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: { "workflow-parsed": reportFindings("schema") },
  cases: {
    valid: [
      workflowCase(
        `on: push\nconcurrency:\n  group: ci-\${{ github.ref }}\n  cancel-in-progress: true\njobs:\n  a:\n    runs-on: ubuntu-latest\n    timeout-minutes: 10\n    continue-on-error: false\n    steps:\n      - run: echo hi\n        shell: bash\n        working-directory: src\n`,
      ),
    ],
    invalid: [
      workflowCase(`on: push\nruns-on: ubuntu-latest\n${HELLO_JOB}`, { file: CI, line: 2, message: "Unexpected value 'runs-on'" }),
      workflowCase(`on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    step:\n      - run: echo\n`, {
        file: CI,
        line: 5,
        message: "Unexpected value 'step'",
      }),
      workflowCase(`on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n        continue-on-error: maybe\n`, {
        file: CI,
        line: 7,
        message: "Unexpected value 'maybe'",
      }),
      workflowCase("on: push\nname: no jobs\n", { file: CI, line: 1, message: "Required property is missing: jobs" }),
    ],
  },
});
