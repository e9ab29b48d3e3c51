/** GHA012: a `${{ }}` expression (or an `if:` condition) that GitHub cannot parse, or an unknown function. */
import { workflowRule } from "../events.js";
import { reportFindings } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

const job = (step: string): string => `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${step}`;

export const expressionSyntax = workflowRule({
  code: "GHA012",
  name: "expression-syntax",
  summary: "An expression that does not parse, is not closed, or calls an unknown function",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: { "workflow-parsed": reportFindings("expression-syntax") },
  cases: {
    valid: [
      workflowCase(job("      - run: echo ${{ format('{0}-{1}', github.ref_name, github.sha) }}\n        if: ${{ !cancelled() && contains(github.event.head_commit.message, '[deploy]') }}\n")),
    ],
    invalid: [
      workflowCase(job("      - run: echo ${{ github.sha\n"), { file: CI, line: 6, message: "The expression is not closed" }),
      workflowCase(job("      - run: echo ${{ github.ref = 'main' }}\n"), { file: CI, line: 6, message: "Unexpected symbol: '='" }),
      workflowCase(job("      - run: echo ${{ lowercase(github.actor) }}\n"), {
        file: CI,
        line: 6,
        message: "Unrecognized function: 'lowercase'. Located at position 1 within expression: lowercase(github.actor)",
      }),
      workflowCase(job("      - run: echo hi\n        if: github.ref == 'refs/heads/main' &&\n"), { file: CI, line: 7, message: "Unexpected end of expression" }),
    ],
  },
});
