import { addLine, edit, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const missingRequiredEnv: ScenarioSource = {
  id: "missing_required_env",
  task_id: "dockerfile_runtime",
  title: "Orders API: the container crashes at import",
  difficulty: "medium",
  description: "The image no longer sets DATABASE_URL, which app.py reads with os.environ[...] at import: KeyError, the container exits.",
  base: "orders-api",
  faults: [{ file: "Dockerfile", replace: "ENV DATABASE_URL=sqlite:////tmp/orders.db\n", with: "" }],
  issues: [
    {
      id: "database-url-unset",
      description: "DATABASE_URL is not set in the container's environment.",
      hint: "The traceback names the variable; an ENV sets it in the image. Which database can the installed packages open, and where can the container write?",
      stage: "runtime",
      detection: [{ code: "DF105", file: "Dockerfile" }],
    },
  ],
  solution: [addLine("Dockerfile", 4, "ENV DATABASE_URL=sqlite:////tmp/orders.db")],
  alternatives: [
    { description: "both variables in one ENV, the database beside the app", actions: [replaceLine("Dockerfile", 3, "ENV PYTHONUNBUFFERED=1 DATABASE_URL=sqlite:////app/orders.db")] },
    {
      description: "an app-side default",
      actions: [edit("app.py", 'DATABASE_URL = os.environ["DATABASE_URL"]', 'DATABASE_URL = os.environ.get("DATABASE_URL", "sqlite:////tmp/orders.db")')],
    },
    { description: "the legacy ENV form", actions: [addLine("Dockerfile", 4, "ENV DATABASE_URL sqlite:////tmp/orders.db")] },
    { description: "a relative sqlite URL, beside the app in its working directory", actions: [edit("Dockerfile", "ENV PYTHONUNBUFFERED=1", "ENV PYTHONUNBUFFERED=1 DATABASE_URL=sqlite:///orders.db")] },
    { description: "a build arg with a default, carried into ENV", actions: [edit("Dockerfile", "ENV PYTHONUNBUFFERED=1", "ARG DATABASE_URL=sqlite:////tmp/orders.db\nENV PYTHONUNBUFFERED=1 DATABASE_URL=${DATABASE_URL}")] },
  ],
  wrong: [
    { description: "an ARG is a build-time variable, not in the container's environment", because: { fires: "DF105" }, actions: [addLine("Dockerfile", 4, "ARG DATABASE_URL=sqlite:////tmp/orders.db")] },
    { description: "a value that is not a database URL", because: { fires: "DF105" }, actions: [addLine("Dockerfile", 4, "ENV DATABASE_URL=orders.db")] },
    { description: "a misspelt variable name", because: { fires: "DF105" }, actions: [addLine("Dockerfile", 4, "ENV DATABASE_URI=sqlite:////tmp/orders.db")] },
    { description: "a sqlite file in /data, a directory the image does not have", because: { fires: "DF105" }, actions: [addLine("Dockerfile", 4, "ENV DATABASE_URL=sqlite:////data/orders.db")] },
    { description: "a PostgreSQL URL: the image has no psycopg2, and no database server runs beside the container", because: { fires: "DF105" }, actions: [addLine("Dockerfile", 4, "ENV DATABASE_URL=postgresql://orders:orders@db:5432/orders")] },
    { description: "postgres://, a scheme SQLAlchemy no longer loads", because: { fires: "DF105" }, actions: [addLine("Dockerfile", 4, "ENV DATABASE_URL=postgres://orders@db/orders")] },
    { description: "the URL set, and gunicorn bound to loopback", because: { fires: "DF109" }, actions: [edit("Dockerfile", "0.0.0.0:8080", "127.0.0.1:8080"), edit("Dockerfile", "ENV PYTHONUNBUFFERED=1", "ENV PYTHONUNBUFFERED=1\nENV DATABASE_URL=sqlite:////tmp/orders.db")] },
  ],
  // Any SQLAlchemy URL the installed packages can open works: the traceback names the variable, requirements.txt the packages.
  evidence: { choices: ["sqlite:////tmp/orders.db"] },
  optimal_steps: 1,
  max_steps: 10,
};
