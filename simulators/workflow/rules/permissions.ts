/** GHA014: a `permissions:` scope GITHUB_TOKEN does not have, or a level that scope does not take. */
import { schemaRule } from "../rule-base.js";
import { CI, HELLO_JOB, workflowCase } from "./cases.js";

export const permissions = schemaRule(
  {
    code: "GHA014",
    name: "permissions",
    summary: "A `permissions` scope or level that GitHub does not accept",
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
  },
  "permissions",
);
