/**
 * DF105: every environment variable the app requires must be set (ENV, or the run's -e), unless its code
 * supplies a default, and in the form it parses (a URL that does not parse makes it exit too).
 */
import { databaseTraceback, databaseUrlProblem } from "../../apps/database-url.js";
import type { AppStartEvent } from "../events.js";
import { dockerRule } from "../events.js";
import { canWrite, knownAbsent } from "../image.js";
import { PROCESS_OUTPUT } from "../process-output.js";
import { headline } from "../start-outcome.js";

/** Whether the app's code supplies its own default for a variable (`os.environ.get("X", "…")`, `process.env.X ?? "…"`). */
export function hasDefault(source: string, name: string): boolean {
  const q = `["']${name}["']`;
  const python = new RegExp(`(os\\.environ\\.get|os\\.getenv)\\(\\s*${q}\\s*,\\s*(["'])[^"']+\\2`);
  const node = new RegExp(`process\\.env(\\.${name}|\\[\\s*${q}\\s*\\])\\s*(\\?\\?|\\|\\|)\\s*(["'\`])[^"'\`]+\\3`);
  return python.test(source) || node.test(source);
}

/** What the app meets opening the database its URL names, inside a lone `docker run` (no server beside it). */
function databaseLines(e: AppStartEvent, url: string): string[] | null | "unknown" {
  const { image } = e;
  const problem = databaseUrlProblem(url, {
    hasPackage: (name) => (image.exact ? image.installed.pipPackages.has(name) : null),
    writableDirectory: (dir) => (image.fs.get(dir)?.type === "dir" ? canWrite(image, image.user, dir) : knownAbsent(image, dir) ? false : null),
    reachable: () => false,
    cwd: e.cwd,
  });
  return problem === null || problem === "unknown" ? problem : databaseTraceback(problem, e.imagePath, e.source);
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
        let lines: string[] | null | "unknown" = null;
        if (value === "" && !hasDefault(e.source, name)) lines = output.missingEnv(name, e.imagePath, e.source);
        else if (value !== "" && format !== undefined && !new RegExp(format).test(value)) lines = output.badEnv(name, value, e.imagePath, e.source);
        else if (value !== "" && name === e.app.database_url_env) lines = databaseLines(e, value);
        if (lines === "unknown") return ctx.undecided();
        if (lines) return ctx.report({ line: e.line }, headline(lines), { output: lines });
      }
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nENV DATABASE_URL=sqlite:////data/app.db\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nurl = os.environ[\"DATABASE_URL\"]\n" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"] }] } },
      { name: "a sqlite file in a directory the image has", files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install sqlalchemy==2.0.31\nCOPY app.py .\nENV DATABASE_URL=sqlite:////tmp/orders.db\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nfrom sqlalchemy import create_engine\nengine = create_engine(os.environ[\"DATABASE_URL\"])\nwith engine.begin() as connection:\n    pass\n" }, world: { apps: [{ name: "orders", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"], database_url_env: "DATABASE_URL" }] } },
      { name: "a relative sqlite path, beside the app", files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install sqlalchemy==2.0.31\nCOPY app.py .\nENV DATABASE_URL=sqlite:///orders.db\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nfrom sqlalchemy import create_engine\nengine = create_engine(os.environ[\"DATABASE_URL\"])\nwith engine.begin() as connection:\n    pass\n" }, world: { apps: [{ name: "orders", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"], database_url_env: "DATABASE_URL" }] } },
    ],
    invalid: [
      { name: "a sqlite file in a directory the image lacks", files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install sqlalchemy==2.0.31\nCOPY app.py .\nENV DATABASE_URL=sqlite:////data/orders.db\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nfrom sqlalchemy import create_engine\nengine = create_engine(os.environ[\"DATABASE_URL\"])\nwith engine.begin() as connection:\n    pass\n" }, world: { apps: [{ name: "orders", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"], database_url_env: "DATABASE_URL" }] }, line: 6, message: "unable to open database file" },
      { name: "a driver the image does not have", files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install sqlalchemy==2.0.31\nCOPY app.py .\nENV DATABASE_URL=postgresql://u:p@db/orders\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nfrom sqlalchemy import create_engine\nengine = create_engine(os.environ[\"DATABASE_URL\"])\nwith engine.begin() as connection:\n    pass\n" }, world: { apps: [{ name: "orders", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"], database_url_env: "DATABASE_URL" }] }, line: 6, message: "No module named 'psycopg2'" },
      { name: "a server nothing runs beside the container", files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install sqlalchemy==2.0.31\nCOPY app.py .\nRUN pip install psycopg2-binary==2.9.9\nENV DATABASE_URL=postgresql://u:p@db/orders\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nfrom sqlalchemy import create_engine\nengine = create_engine(os.environ[\"DATABASE_URL\"])\nwith engine.begin() as connection:\n    pass\n" }, world: { apps: [{ name: "orders", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"], database_url_env: "DATABASE_URL" }] }, line: 7, message: "could not translate host name \"db\"" },
      { name: "postgres:// is not a dialect SQLAlchemy loads", files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install sqlalchemy==2.0.31\nCOPY app.py .\nENV DATABASE_URL=postgres://u@db/orders\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nfrom sqlalchemy import create_engine\nengine = create_engine(os.environ[\"DATABASE_URL\"])\nwith engine.begin() as connection:\n    pass\n" }, world: { apps: [{ name: "orders", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"], database_url_env: "DATABASE_URL" }] }, line: 6, message: "Can't load plugin: sqlalchemy.dialects:postgres" },
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nurl = os.environ[\"DATABASE_URL\"]\n" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"] }] }, line: 4, message: "KeyError: 'DATABASE_URL'" },
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nARG DATABASE_URL=sqlite:////data/app.db\nCMD [\"python\", \"app.py\"]\n", "app.py": "import os\nurl = os.environ[\"DATABASE_URL\"]\n" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, required_env: ["DATABASE_URL"] }] }, line: 5, name: "an ARG is not in the container's environment" },
    ],
  },
});
