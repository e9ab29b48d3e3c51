/**
 * GHA013: an expression names a context that does not exist, or one not available where it sits (GitHub's
 * context availability table): `secrets` in a job's `if:`, `env` in `runs-on`, `steps` at job level.
 */
import { workflowRule } from "../events.js";
import { reportFindings } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

export const expressionContext = workflowRule({
  code: "GHA013",
  name: "expression-context",
  summary: "An expression uses a context that is not available at that place",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: { "workflow-parsed": reportFindings("expression-context") },
  cases: {
    valid: [
      workflowCase(
        "on: push\njobs:\n  a:\n    if: github.event_name == 'push'\n    runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n        os: [ubuntu-latest]\n    env:\n      TOKEN: ${{ secrets.NPM_TOKEN }}\n    steps:\n      - run: echo \"$TOKEN\"\n        if: env.TOKEN != ''\n",
      ),
    ],
    invalid: [
      workflowCase("on: push\njobs:\n  a:\n    if: secrets.DEPLOY_KEY != ''\n    runs-on: ubuntu-latest\n    steps: [{run: echo ok}]\n", {
        file: CI,
        line: 4,
        message: "Unrecognized named-value: 'secrets'. Located at position 1 within expression: secrets.DEPLOY_KEY != ''",
      }),
      workflowCase("on: push\njobs:\n  a:\n    runs-on: ${{ env.RUNNER }}\n    steps: [{run: echo ok}]\n", {
        file: CI,
        line: 4,
        message: "Unrecognized named-value: 'env'",
      }),
      workflowCase("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ secret.TOKEN }}\n", {
        file: CI,
        line: 6,
        message: "Unrecognized named-value: 'secret'",
      }),
    ],
  },
});
