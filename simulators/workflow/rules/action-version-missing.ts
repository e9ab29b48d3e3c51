/**
 * GHA115: a step uses a version of an action that was never released (`actions/checkout@v0`, a major the
 * action skipped). The runner resolves every action at "Set up job" and fails the job there, before any step
 * runs. A major newer than the catalogue's newest (simulators/workflow/runner/action-catalogue.ts), a commit
 * SHA or an action the catalogue does not list may exist: the rule is undecided there, never clean.
 */
import { workflowRule } from "../events.js";
import { actionVersion } from "../runner/action-catalogue.js";
import { CI, workflowCase } from "./cases.js";
import { jobWith } from "./run-cases.js";

const uses = (ref: string): string => jobWith(`      - uses: ${ref}\n      - run: echo built\n`);

export const actionVersionMissing = workflowRule({
  code: "GHA115",
  name: "action-version-missing",
  stage: "build",
  summary: "A step uses an action version that was never released; the job fails at Set up job",
  severity: "error",
  phase: "run",
  on: {
    "actions-download"(e, ctx) {
      let unknown = false;
      for (const { action, ref, at } of e.actions) {
        const version = actionVersion(action, ref);
        if (version === "unknown") unknown = true;
        if (version !== "missing") continue;
        const message = `Unable to resolve action \`${action}@${ref}\`, unable to find version \`${ref}\``;
        const log = ["Set up job", `Download action repository '${action}@${ref}'`, `Error: ${message}`].join("\n");
        ctx.report(at, message, { log, output: [`Error: ${message}`] });
        return;
      }
      if (unknown) ctx.undecided();
    },
  },
  cases: {
    valid: [workflowCase(uses("actions/checkout@v4")), workflowCase(uses("docker/setup-buildx-action@v3.7.1")), workflowCase(uses("actions/checkout@main"))],
    invalid: [
      workflowCase(uses("actions/checkout@v0"), { file: CI, line: 6, message: "Unable to resolve action `actions/checkout@v0`, unable to find version `v0`" }),
      workflowCase(uses("docker/build-push-action@v0.9"), { file: CI, line: 6, message: "unable to find version `v0.9`" }),
    ],
  },
});
