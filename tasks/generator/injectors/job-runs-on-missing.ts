/**
 * job-runs-on-missing: a job that runs steps does not say which runner it runs on. GitHub refuses the file:
 * `Required property is missing: runs-on` (GHA006; real-errors.md §C, missing_runs_on).
 *
 * Split rule: train drops the `runs-on:` line; test misspells its key (`runs_on`, `run-on`, `runson`), which
 * GitHub also reports as `Unexpected value 'runs_on'` (GHA005) before the missing runner.
 */
import { defineInjector } from "../injector.js";
import { firstFitting, replaceLine, spliceLines } from "./workflow-text/lines.js";
import { keyOf, workflowMaps } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";

const MISSPELT = ["runs_on", "run-on", "runson"];

export const jobRunsOnMissing = defineInjector({
  kind: "job-runs-on-missing",
  layer: "workflow",
  summary: "A job with steps names no runner: GitHub's `Required property is missing: runs-on` (GHA006)",
  inject(ctx) {
    const places = workflowMaps(ctx.files).flatMap((map) =>
      map.jobs.flatMap((job) => {
        const runsOn = keyOf(job, "runs-on");
        return runsOn && runsOn.value !== "" && runsOn.end === runsOn.line + 1 && job.steps.length > 0 ? [{ map, job, runsOn }] : [];
      }),
    );
    return firstFitting(ctx.rng, places, ({ map, job, runsOn }) => {
      const test = ctx.split === "test";
      const line = map.lines[runsOn.line]!;
      const key = ctx.rng.pick(MISSPELT);
      const content = test ? replaceLine(map, runsOn.line, line.replace("runs-on:", `${key}:`)) : spliceLines(map, runsOn.line, runsOn.line + 1, []);
      return workflowInjection(ctx, {
        kind: "job-runs-on-missing",
        changed: [{ file: map.file, content }],
        issue: {
          description: test
            ? `${map.file}: job '${job.key}' spells its runner key \`${key}\`, which GitHub does not know, so the job has no runs-on and the file is refused.`
            : `${map.file}: job '${job.key}' has steps but no runs-on, so GitHub refuses the file before any job starts.`,
          hint: "Every job that runs steps must say which runner picks it up; compare the failing job's keys with another job's.",
          stage: "parse",
          detection: test ? [{ code: "GHA006", file: map.file }, { code: "GHA005", file: map.file }] : [{ code: "GHA006", file: map.file }],
        },
      });
    });
  },
});
