/**
 * GHA113: a job asks for a runner label that no GitHub-hosted runner has (`ubuntu-lates`, `ubuntu-22.4`, a
 * retired image such as `ubuntu-20.04`). GitHub accepts the file and queues the job, which waits for a
 * runner that never comes ("Waiting for a runner to pick up this job...") until GitHub fails it a day later
 * ("This request was automatically failed because there were no enabled runners online …"). Self-hosted labels and runner groups are the repository's own business and are not judged.
 */
import { workflowRule } from "../events.js";
import { CI, workflowCase } from "./cases.js";

const job = (runsOn: string, header = ""): string => `on: push\njobs:\n  build:\n${header}    runs-on: ${runsOn}\n    steps:\n      - run: echo building\n`;
const TIMEOUT = "no enabled runners online to process the request for more than 1 days";

const MESSAGE = "This request was automatically failed because there were no enabled runners online to process the request for more than 1 days.";

export const runnerLabelUnknown = workflowRule({
  code: "GHA113",
  name: "runner-label-unknown",
  stage: "build",
  summary: "A job's `runs-on` names a label no GitHub-hosted runner has, so no runner ever picks it up",
  severity: "error",
  phase: "run",
  needs: ["world"],
  on: {
    // An empty world cannot tell: the repository's own runners may answer any label.
    "runner-label"(e, ctx) {
      if (e.choice.kind !== "unknown") return;
      const log = [`Requested labels: ${e.choice.labels.join(", ")}`, `Job defined at: ${e.definedAt}`, "Waiting for a runner to pick up this job...", MESSAGE];
      ctx.report(e.at, MESSAGE, { log: log.join("\n") });
    },
  },
  cases: {
    valid: [
      workflowCase(job("ubuntu-22.04")),
      workflowCase(job("macos-14-xlarge")),
      workflowCase(job("[self-hosted, ubuntu-22.4]")),
      workflowCase(job("\n      group: build-fleet\n      labels: [ubuntu-lates]")),
      workflowCase(job("${{ matrix.os }}", "    strategy:\n      matrix:\n        os: [ubuntu-latest, windows-latest, macos-latest]\n")),
    ],
    invalid: [
      workflowCase(job("ubuntu-lates"), { file: CI, line: 4, message: TIMEOUT }),
      workflowCase(job("ubuntu-22.4"), { file: CI, line: 4, message: TIMEOUT }),
      workflowCase(job("[ubuntu-20.04]"), { file: CI, line: 4, message: TIMEOUT }),
      workflowCase(job("${{ matrix.os }}", "    strategy:\n      matrix:\n        os: [ubuntu-latset]\n"), { file: CI, line: 7, message: TIMEOUT }),
    ],
  },
});
