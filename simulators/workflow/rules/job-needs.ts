/**
 * GHA010: the job graph GitHub cannot schedule: a `needs` naming a job that does not exist, a cycle, or no
 * job without dependencies. GitHub's parser decides, including its quirk that a job waiting on a job
 * that can never start is reported as a cycle.
 */
import { workflowRule } from "../events.js";
import { reportFindings } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

const job = (id: string, needs?: string): string =>
  `  ${id}:\n${needs ? `    needs: ${needs}\n` : ""}    runs-on: ubuntu-latest\n    steps: [{run: echo ok}]\n`;

export const jobNeeds = workflowRule({
  code: "GHA010",
  name: "job-needs",
  summary: "`needs` names a job that does not exist, or the jobs' dependencies form a cycle",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: { "workflow-parsed": reportFindings("job-needs") },
  cases: {
    valid: [workflowCase(`on: push\njobs:\n${job("build")}${job("test", "build")}${job("deploy", "[build, test]")}`)],
    invalid: [
      workflowCase(`on: push\njobs:\n${job("build")}${job("test", "biuld")}`, { file: CI, line: 7, message: "Job 'test' depends on unknown job 'biuld'." }),
      workflowCase(`on: push\njobs:\n${job("lint")}${job("a", "b")}${job("b", "a")}`, { file: CI, message: "which creates a cycle in the dependency graph" }),
      workflowCase(`on: push\njobs:\n${job("a", "b")}${job("b", "a")}`, { file: CI, line: 3, message: "The workflow must contain at least one job with no dependencies." }),
    ],
  },
});
