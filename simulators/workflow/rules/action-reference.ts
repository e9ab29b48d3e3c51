/**
 * GHA011: a step's `uses:` that is not an action reference GitHub can resolve: `{owner}/{repo}[/path]@ref`,
 * a local `./path`, or `docker://image`. A missing `@ref` is the usual slip.
 */
import { jobsOf } from "../model.js";
import { workflowRule } from "../events.js";
import { asScalar, get, scalarText } from "../source.js";
import { nodeAt } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

const REMOTE = /^[^/@\s]+\/[^/@\s]+(\/[^@\s]+)?@[^@\s]+$/;

export function isActionReference(uses: string): boolean {
  return uses.startsWith("./") || uses.startsWith("docker://") || REMOTE.test(uses);
}

export const actionReference = workflowRule({
  code: "GHA011",
  name: "action-reference",
  summary: "A step's `uses` is not `{owner}/{repo}[/path]@ref`, `./path` or `docker://image`",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: {
    "workflow-parsed"(e, ctx) {
      if (!e.readable) return ctx.undecided();
      for (const job of jobsOf(e.source)) {
        for (const step of job.steps) {
          const node = asScalar(get(step.map, "uses", e.source.doc));
          const uses = scalarText(node);
          if (!node || uses === "" || uses.includes("${{") || isActionReference(uses)) continue;
          ctx.report(nodeAt(e, node), `Expected format {org}/{repo}[/path]@ref. Actual '${uses}'`);
        }
      }
    },
  },
  cases: {
    valid: [
      workflowCase(
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: ./.github/actions/setup\n      - uses: docker://alpine:3.20\n      - uses: github/codeql-action/init@v3\n",
        { files: { ".github/actions/setup/action.yml": "name: setup\nruns:\n  using: composite\n  steps:\n    - run: echo\n      shell: bash\n" } },
      ),
    ],
    invalid: [
      workflowCase("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout\n", {
        file: CI,
        line: 6,
        message: "Expected format {org}/{repo}[/path]@ref. Actual 'actions/checkout'",
      }),
    ],
  },
});
