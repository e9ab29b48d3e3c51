/** DF109: The container must run the app, so that it answers on its port (the smoke test). Met when the container starts (container.ts). */
import type { DockerRule } from "../rule.js";

export const appNotServing: DockerRule = {
  code: "DF109",
  name: "app-not-serving",
  summary: "The container must run the app, so that it answers on its port (the smoke test)",
  stage: "runtime",
  severity: "error",
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD python app.py\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] }, name: "shell form runs the app too" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD [\"sleep\", \"infinity\"]\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] }, line: 4, message: "Failed to connect to localhost port 8000" },
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] }, name: "the base image's default command" },
    ],
  },
};
