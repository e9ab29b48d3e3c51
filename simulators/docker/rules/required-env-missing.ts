/** DF105: Every environment variable the app requires must be set (ENV, or the run's -e). Met when the container starts (app-start.ts). */
import type { DockerRule } from "../rule.js";

export const requiredEnvMissing: DockerRule = {
  code: "DF105",
  name: "required-env-missing",
  summary: "Every environment variable the app requires must be set (ENV, or the run's -e)",
  stage: "runtime",
  severity: "error",
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nENV DATABASE_URL=sqlite:////data/app.db\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nurl = os.environ[\"DATABASE_URL\"]\n" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"] }] } },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nurl = os.environ[\"DATABASE_URL\"]\n" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"] }] }, line: 4, message: "KeyError: 'DATABASE_URL'" },
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nARG DATABASE_URL=sqlite:////data/app.db\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nurl = os.environ[\"DATABASE_URL\"]\n" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"] }] }, line: 5, name: "an ARG is not in the container's environment" },
    ],
  },
};
