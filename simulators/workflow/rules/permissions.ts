/** GHA014: a `permissions:` scope GITHUB_TOKEN does not have, or a level that scope does not take. */
import { workflowRule } from "../events.js";
import { reportFindings } from "./parse-findings.js";
import { CI, HELLO_JOB, workflowCase } from "./cases.js";

export const permissions = workflowRule({
  code: "GHA014",
  name: "permissions",
  summary: "A `permissions` scope or level that GitHub does not accept",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: { "workflow-parsed": reportFindings("permissions") },
  cases: {
    valid: [
      workflowCase(`on: push\npermissions:\n  contents: read\n  packages: write\n  id-token: write\n${HELLO_JOB}`),
      workflowCase(`on: push\npermissions: read-all\n${HELLO_JOB}`),
    ],
    invalid: [
      workflowCase(`on: push\npermissions:\n  package: write\n${HELLO_JOB}`, { file: CI, line: 3, message: "Unexpected value 'package'" }),
      workflowCase(`on: push\npermissions:\n  packages: admin\n${HELLO_JOB}`, { file: CI, line: 3, message: "Unexpected value 'admin'" }),
      workflowCase(`on: push\npermissions: write\n${HELLO_JOB}`, { file: CI, line: 2, message: "Unexpected value 'write'" }),
    ],
  },
});
