/**
 * DF105: every environment variable the app requires must be set (ENV, or the run's -e), unless its code
 * supplies a default, and in the form it parses (a URL that does not parse makes it exit too).
 */
import { dockerRule } from "../events.js";
import { PROCESS_OUTPUT } from "../process-output.js";
import { headline } from "../start-outcome.js";

/** Whether the app's code supplies its own default for a variable (`os.environ.get("X", "…")`, `process.env.X ?? "…"`). */
export function hasDefault(source: string, name: string): boolean {
  const q = `["']${name}["']`;
  const python = new RegExp(`(os\\.environ\\.get|os\\.getenv)\\(\\s*${q}\\s*,\\s*(["'])[^"']+\\2`);
  const node = new RegExp(`process\\.env(\\.${name}|\\[\\s*${q}\\s*\\])\\s*(\\?\\?|\\|\\|)\\s*(["'\`])[^"'\`]+\\3`);
  return python.test(source) || node.test(source);
}

export const requiredEnvMissing = dockerRule({
  code: "DF105",
  name: "required-env-missing",
  summary: "Every environment variable the app requires must be set (ENV, or the run's -e)",
  stage: "runtime",
  severity: "error",
  phase: "env",
  needs: ["world", "context"],
  on: {
    "app-start"(e, ctx) {
      const output = PROCESS_OUTPUT[e.language];
      for (const name of e.app.required_env) {
        const value = e.env.get(name) ?? "";
        const format = e.app.env_formats[name];
        let lines: string[] | null = null;
        if (value === "" && !hasDefault(e.source, name)) lines = output.missingEnv(name, e.imagePath, e.source);
        else if (value !== "" && format !== undefined && !new RegExp(format).test(value)) lines = output.badEnv(name, value, e.imagePath, e.source);
        if (lines) return ctx.report({ line: e.line }, headline(lines), { output: lines });
      }
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nENV DATABASE_URL=sqlite:////data/app.db\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nurl = os.environ[\"DATABASE_URL\"]\n" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"] }] } },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nurl = os.environ[\"DATABASE_URL\"]\n" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"] }] }, line: 4, message: "KeyError: 'DATABASE_URL'" },
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nARG DATABASE_URL=sqlite:////data/app.db\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nurl = os.environ[\"DATABASE_URL\"]\n" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"] }] }, line: 5, name: "an ARG is not in the container's environment" },
    ],
  },
});
