/**
 * GHA010: the job graph GitHub cannot schedule: a `needs` naming a job that does not exist, a cycle, or no
 * job without dependencies. Follows GitHub's own algorithm, including its quirk that a job waiting on a job
 * that can never start is reported as a cycle.
 */
import { jobsOf } from "../model.js";
import { workflowRule } from "../events.js";
import { get } from "../source.js";
import { nodeAt } from "./parse-findings.js";
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
  on: {
    "workflow-parsed"(e, ctx) {
      if (!e.readable) return ctx.undecided();
      const jobs = jobsOf(e.source);
      if (jobs.length === 0) return;
      const ready = jobs.filter((j) => j.needs.length === 0).map((j) => j.id);
      if (ready.length === 0) {
        ctx.report(nodeAt(e, get(e.source.root, "jobs", e.source.doc)), "The workflow must contain at least one job with no dependencies.");
        return;
      }
      const waiting = jobs.filter((j) => j.needs.length > 0).map((j) => ({ job: j, open: [...j.needs] }));
      while (ready.length > 0) {
        const done = ready.shift()!;
        for (const w of waiting) {
          if (w.open.length === 0) continue;
          w.open = w.open.filter((n) => n.name !== done);
          if (w.open.length === 0) ready.push(w.job.id);
        }
      }
      const names = new Set(jobs.map((j) => j.id));
      for (const w of waiting) {
        for (const need of w.open) {
          ctx.report(
            nodeAt(e, need.node),
            names.has(need.name)
              ? `Job '${w.job.id}' depends on job '${need.name}' which creates a cycle in the dependency graph.`
              : `Job '${w.job.id}' depends on unknown job '${need.name}'.`,
          );
        }
      }
    },
  },
  cases: {
    valid: [workflowCase(`on: push\njobs:\n${job("build")}${job("test", "build")}${job("deploy", "[build, test]")}`)],
    invalid: [
      workflowCase(`on: push\njobs:\n${job("build")}${job("test", "biuld")}`, { file: CI, line: 7, message: "Job 'test' depends on unknown job 'biuld'." }),
      workflowCase(`on: push\njobs:\n${job("lint")}${job("a", "b")}${job("b", "a")}`, { file: CI, message: "which creates a cycle in the dependency graph" }),
      workflowCase(`on: push\njobs:\n${job("a", "b")}${job("b", "a")}`, { file: CI, line: 3, message: "The workflow must contain at least one job with no dependencies." }),
    ],
  },
});
