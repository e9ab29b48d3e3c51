/**
 * GHA108: a command gets an empty value where it needs one, because the variable it reads was never
 * mapped into `env:` or its secret does not exist; curl with an empty URL is the usual case.
 */
import { workflowRule } from "../events.js";
import { CI, workflowCase } from "./cases.js";
import { jobWith } from "./run-cases.js";

const notify = "      - run: |\n          curl -X POST -H 'Content-type: application/json' \\\n            --data '{\"text\":\"deployed\"}' \"$SLACK_WEBHOOK_URL\"\n";

export const commandArgumentEmpty = workflowRule({
  code: "GHA108",
  name: "command-argument-empty",
  stage: "build",
  summary: "A command receives an empty argument (a URL, a path) from a variable that was never set",
  severity: "error",
  phase: "run",
  on: {
    "request-url"(e, ctx) {
      if (e.urls.some((u) => u.text.trim() === "")) {
        const text = "curl: (3) URL using bad/illegal format or missing URL";
        ctx.report(e.at, text, { output: [text], exitCode: 3 });
      } else if (e.urls.length === 0 && e.vanished) {
        const lines = ["curl: no URL specified!", "curl: try 'curl --help' or 'curl --manual' for more information"];
        ctx.report(e.at, lines[0]!, { output: lines, exitCode: 2 });
      }
    },
  },
  cases: {
    valid: [
      workflowCase(jobWith(`${notify}        env:\n          SLACK_WEBHOOK_URL: \${{ secrets.SLACK_WEBHOOK_URL }}\n`), { world: { secrets: ["SLACK_WEBHOOK_URL"] } }),
    ],
    invalid: [
      workflowCase(jobWith(notify), { world: { secrets: ["SLACK_WEBHOOK_URL"] }, file: CI, line: 7, message: "curl: (3) URL using bad/illegal format or missing URL" }),
      workflowCase(jobWith("      - run: curl -fsS $WEBHOOK\n"), { file: CI, line: 6, message: "curl: no URL specified!" }),
    ],
  },
});
