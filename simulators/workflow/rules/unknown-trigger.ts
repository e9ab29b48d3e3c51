/** GHA003: `on:` names an event GitHub does not have, or has a shape GitHub does not accept. */
import { workflowRule } from "../events.js";
import { reportFindings } from "./parse-findings.js";
import { CI, HELLO_JOB, workflowCase } from "./cases.js";

export const unknownTrigger = workflowRule({
  code: "GHA003",
  name: "unknown-trigger",
  summary: "`on` names an unknown event, or a filter sits directly under `on` instead of under its event",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: { "workflow-parsed": reportFindings("trigger") },
  cases: {
    valid: [
      workflowCase(`on:\n  push:\n    branches: [main]\n  workflow_dispatch:\n${HELLO_JOB}`),
      workflowCase(`on: [push, pull_request_target]\n${HELLO_JOB}`),
    ],
    invalid: [
      workflowCase(`on: pushh\n${HELLO_JOB}`, { file: CI, line: 1, message: "Unexpected value 'pushh'" }),
      workflowCase(`on:\n  push:\n  branches: [main]\n${HELLO_JOB}`, { file: CI, line: 3, message: "Unexpected value 'branches'" }),
      workflowCase(`on: [push, pull-request]\n${HELLO_JOB}`, { file: CI, message: "Unexpected value 'pull-request'" }),
    ],
  },
});
