/** GHA107: `${ … }` with single braces in a `run:` script: bash cannot expand it and the step fails. */
import { runRule } from "../rule-base.js";
import { CI, workflowCase } from "./cases.js";
import { jobWith } from "./run-cases.js";

export const badSubstitution = runRule({
  code: "GHA107",
  name: "bad-substitution",
  stage: "build",
  summary: "A `run:` script uses `${ … }` (single braces), which bash rejects as a bad substitution",
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
