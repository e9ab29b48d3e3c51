/** DF104: the app must accept the arguments ENTRYPOINT and CMD give it (an exec-form CMD is appended to ENTRYPOINT). */
import path from "node:path";
import { rejectedArgs } from "../app-cli.js";
import { dockerRule } from "../events.js";
import { PROCESS_OUTPUT } from "../process-output.js";
import { headline } from "../start-outcome.js";

export const appArgumentsRejected = dockerRule({
  code: "DF104",
  name: "app-arguments-rejected",
  summary: "The app must accept the arguments ENTRYPOINT and CMD give it (an exec-form CMD is appended to ENTRYPOINT)",
  stage: "runtime",
  severity: "error",
  phase: "args",
  needs: ["world", "context"],
  on: {
    "app-start"(e, ctx) {
      if (!e.app.accepted_args) return;
      const rejected = rejectedArgs(e.args, e.app.accepted_args);
      if (rejected.length === 0) return;
      const lines = PROCESS_OUTPUT[e.language].usage(path.posix.basename(e.imagePath), e.app.accepted_args, rejected.map((r) => r.value));
      ctx.report({ line: rejected[0]!.line }, headline(lines), { output: lines });
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nENTRYPOINT [\"python\", \"app.py\"]\nCMD [\"--port\", \"8000\"]\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, accepted_args: ["--port"] }] } },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nENTRYPOINT [\"python\", \"app.py\"]\nCMD [\"python\", \"app.py\"]\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, accepted_args: ["--port"] }] }, line: 5, message: "unrecognized arguments: python app.py" },
    ],
  },
});
