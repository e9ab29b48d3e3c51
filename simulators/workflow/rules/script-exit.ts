/**
 * GHA116: a `run:` script ends with `exit N`, N not 0. bash prints nothing; the runner fails the step with
 * the status the script chose, and the job stops there.
 */
import { workflowRule } from "../events.js";
import { CI, workflowCase } from "./cases.js";
import { jobWith } from "./run-cases.js";

export const scriptExit = workflowRule({
  code: "GHA116",
  name: "script-exit",
  stage: "build",
  summary: "A `run:` script ends with a non-zero `exit`, which fails its step",
  severity: "error",
  phase: "run",
  on: {
    "script-exit"(e, ctx) {
      // A step that runs only when something failed exits non-zero on purpose; here nothing failed.
      if (e.step.outcomeGate) return;
      // `exit 1` under an `if:` the run cannot decide (`steps.test.outputs.exit-code == 1`, the status of a command
      // not modelled) is the step's purpose when the condition holds; whether it holds is not known.
      if (e.step.conditionUnknown) return ctx.undecided();
      if (e.status === null) return ctx.undecided();
      ctx.report(e.at, `Process completed with exit code ${e.status}.`, { output: [], exitCode: e.status });
    },
  },
  cases: {
    valid: [
      workflowCase(jobWith("      - run: |\n          echo done\n          exit 0\n")),
      // Whether the `if` holds is not known: its exit is not taken for certain.
      workflowCase(jobWith('      - run: |\n          if [ -z "$TOKEN" ]; then exit 1; fi\n          echo ok\n')),
      {
        name: "a step that reports a failed job, when none failed",
        ...workflowCase(
          "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ok\n  status:\n    if: always()\n    needs: test\n    runs-on: ubuntu-latest\n    steps:\n      - if: contains(needs.*.result, 'failure')\n        run: exit 1\n      - if: steps.gate.outcome == 'failure' || needs.test.result != 'success'\n        run: exit 1\n",
        ),
      },
    ],
    invalid: [
      workflowCase(jobWith("      - run: |\n          echo start\n          exit 3\n          echo never\n"), { file: CI, line: 8, message: "Process completed with exit code 3." }),
      {
        name: "a step whose outcome condition holds exits for real (needs.*.result read as GitHub reads it)",
        ...workflowCase("on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ok\n  status:\n    needs: test\n    runs-on: ubuntu-latest\n    steps:\n      - if: contains(needs.*.result, 'success')\n        run: exit 1\n", {
          file: CI,
          line: 12,
          message: "Process completed with exit code 1.",
        }),
      },
      {
        name: "a step gated on an output the run knows exits for real",
        ...workflowCase(jobWith('      - id: diff\n        run: echo "exit-code=1" >> "$GITHUB_OUTPUT"\n      - if: steps.diff.outputs.exit-code == 1\n        run: exit 1\n'), {
          file: CI,
          line: 9,
          message: "Process completed with exit code 1.",
        }),
      },
    ],
  },
});
