/** DF104: The app must accept the arguments ENTRYPOINT and CMD give it (an exec-form CMD is appended to ENTRYPOINT). Met when the container starts (app-start.ts). */
import type { DockerRule } from "../rule.js";

export const appArgumentsRejected: DockerRule = {
  code: "DF104",
  name: "app-arguments-rejected",
  summary: "The app must accept the arguments ENTRYPOINT and CMD give it (an exec-form CMD is appended to ENTRYPOINT)",
  stage: "runtime",
  severity: "error",
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nENTRYPOINT [\"python\", \"app.py\"]\nCMD [\"--port\", \"8000\"]\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, accepted_args: ["--port"] }] } },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nENTRYPOINT [\"python\", \"app.py\"]\nCMD [\"python\", \"app.py\"]\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, accepted_args: ["--port"] }] }, line: 5, message: "unrecognized arguments: python app.py" },
    ],
  },
};
