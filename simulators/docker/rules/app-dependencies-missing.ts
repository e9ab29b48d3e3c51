/** DF107: The app's dependencies must be installed in the image it runs from. Met when the container starts (app-start.ts). */
import type { DockerRule } from "../rule.js";

export const appDependenciesMissing: DockerRule = {
  code: "DF107",
  name: "app-dependencies-missing",
  summary: "The app's dependencies must be installed in the image it runs from",
  stage: "runtime",
  severity: "error",
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "requirements.txt": "flask==3.0.3\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] } },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "requirements.txt": "flask==3.0.3\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] }, line: 4, message: "No module named 'flask'" },
    ],
  },
};
