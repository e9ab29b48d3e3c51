/** GHA107: `${ … }` with single braces in a `run:` script: bash cannot expand it and the step fails. */
import { workflowRule } from "../events.js";
import { CI, workflowCase } from "./cases.js";
import { jobWith } from "./run-cases.js";

export const badSubstitution = workflowRule({
  code: "GHA107",
  name: "bad-substitution",
  stage: "build",
  summary: "A `run:` script uses `${ … }` (single braces), which bash rejects as a bad substitution",
  severity: "error",
  phase: "run",
  on: {
    substitution(e, ctx) {
      const line = `${e.bashPrefix} ${e.text}: bad substitution`;
      ctx.report(e.at, line, { output: [line], exitCode: 1 });
    },
  },
  cases: {
    valid: [workflowCase(jobWith('      - run: echo "${HOME}/${GITHUB_SHA:-none} ${{ github.ref_name }}"\n'))],
    invalid: [
      workflowCase(jobWith('      - run: |\n          echo start\n          curl -H "Authorization: Bearer ${ secrets.API_TOKEN }" https://api.example.com\n'), {
        world: { secrets: ["API_TOKEN"] },
        file: CI,
        line: 8,
        message: "line 2: ${ secrets.API_TOKEN }: bad substitution",
      }),
    ],
  },
});
