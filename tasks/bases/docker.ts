/** The clean repositories of the Dockerfile tasks: small apps with the build context their Dockerfiles need. */
import type { Base } from "../schema.js";
import { defineBase } from "./define.js";

export const DOCKER_BASES: readonly Base[] = [
  defineBase({
    id: "flask-api",
    description: "A Flask bookmarks API built on python:3.12-slim, served by Flask on port 8000.",
    world: { apps: [{ name: "bookmarks-api", entry: "app.py", language: "python", port: 8000, port_env: "PORT" }] },
  }),
  defineBase({
    id: "orders-api",
    description: "A Flask + SQLAlchemy orders API under gunicorn on port 8080; it needs DATABASE_URL.",
    world: {
      apps: [
        {
          name: "orders-api",
          entry: "app.py",
          language: "python",
          port: 8080,
          required_env: ["DATABASE_URL"],
          env_formats: { DATABASE_URL: "^[a-z][a-z0-9+]*://" },
          database_url_env: "DATABASE_URL",
        },
      ],
    },
  }),
  defineBase({
    id: "inventory-api",
    description: "A Flask inventory API whose entrypoint script initialises the database, then execs gunicorn.",
    modes: { "entrypoint.sh": 0o755 },
    world: { apps: [{ name: "inventory-api", entry: "app.py", language: "python", port: 8000, setup: ["entrypoint.sh", "init_db.py"] }] },
  }),
  defineBase({
    id: "report-service",
    description: "A standard-library HTTP service with an argparse CLI (--port, --bind), ENTRYPOINT + CMD split.",
    world: { apps: [{ name: "report-service", entry: "report_server.py", language: "python", port: 9000, port_option: "--port", bind_option: "--bind", accepted_args: ["--port", "--bind"] }] },
  }),
  defineBase({
    id: "node-web",
    description: "An Express status page on node:20-alpine, started with npm start on port 3000.",
    world: { apps: [{ name: "status-page", entry: "server.js", language: "node", port: 3000, port_env: "PORT" }] },
  }),
  defineBase({
    id: "uploads-api",
    description: "An Express uploads API that runs as the node user and writes under /app/data.",
    world: { apps: [{ name: "uploads-api", entry: "server.js", language: "node", port: 8080, writes: ["data"] }] },
  }),
];
