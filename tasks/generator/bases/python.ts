/** Python bases: FastAPI, Django with its Celery worker, Flask with PostgreSQL, Flask under gunicorn. */
import type { GeneratorBase } from "../define-base.js";
import { defineGeneratorBase, sharedCluster } from "../define-base.js";

const repository = (name: string) => ({ owner: "acme", name, default_branch: "main", default_token_permissions: "restricted" as const });

export const PYTHON_BASES: readonly GeneratorBase[] = [
  defineGeneratorBase({
    id: "notes-api",
    description:
      "A FastAPI notes service under uvicorn on port 8000 (NOTES_BUCKET from a ConfigMap, the API token from a Secret): ci.yml runs " +
      "pytest on Python 3.11/3.12 with the pip cache; release.yml pushes a linux/amd64+arm64 image to ghcr.io with QEMU, buildx and " +
      "metadata-action; k8s/ runs it behind a Service, an nginx Ingress and a NetworkPolicy.",
    split: "train",
    variants: {
      names: [{ token: "notes-api", choices: ["notes-service", "notebook-api", "memo-api"] }],
      ports: [{ port: 8000, choices: [8080, 8001, 9000] }],
    },
    stack: { languages: ["python"], frameworks: ["fastapi", "uvicorn"], build: ["pip"], shape: "api", registry: "ghcr" },
    world: {
      repository: repository("notes-api"),
      apps: [
        {
          name: "notes-api",
          entry: "app/main.py",
          language: "python",
          port: 8000,
          port_option: "--port",
          bind_option: "--host",
          memory_mib: 141,
          required_env: ["NOTES_BUCKET", "NOTES_API_TOKEN"],
          health_path: "/healthz",
          routes: ["/healthz", "/readyz", "/notes"],
        },
      ],
      cluster: sharedCluster({ secrets: { "notes-api": ["api-token"] } }),
    },
    discoverable: [
      { fact: "port 8000", file: "README.md", text: "FastAPI served by uvicorn on port 8000" },
      { fact: "route /healthz", file: "app/main.py", text: '@app.get("/healthz")' },
      { fact: "route /readyz", file: "app/main.py", text: '@app.get("/readyz")' },
      { fact: "route /notes", file: "app/main.py", text: '@app.get("/notes"' },
      { fact: "env NOTES_BUCKET", file: "app/settings.py", text: 'BUCKET = os.environ["NOTES_BUCKET"]' },
      { fact: "env NOTES_API_TOKEN", file: "app/settings.py", text: 'API_TOKEN = os.environ["NOTES_API_TOKEN"]' },
      { fact: "memory 141 MiB", file: "loadtest/results.md", text: "| RSS peak | 141 MiB |" },
      { fact: "secret notes-api/api-token", file: "README.md", text: "cluster Secret `notes-api` (key `api-token`)" },
      { fact: "ingress class nginx", file: "README.md", text: "nginx   k8s.io/ingress-nginx" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "Nodes are e2-medium (2 vCPU, 4 GiB)" },
    ],
  }),
  defineGeneratorBase({
    id: "billing-django",
    description:
      "A Django invoicing API (gunicorn, port from gunicorn.conf.py) and its Celery worker from one image, with Redis in the cluster, " +
      "DATABASE_URL and the secret key from Secrets, migrations in an init container: ci.yml tests on Python 3.11/3.12 against " +
      "PostgreSQL and Redis service containers; release.yml pushes ghcr.io/acme/billing:<sha>, which k8s/ deploys.",
    split: "train",
    variants: {
      names: [{ token: "billing", choices: ["invoicing", "payments", "accounting"] }],
      ports: [{ port: 8000, choices: [8080, 8001, 9000] }],
    },
    stack: { languages: ["python"], frameworks: ["django", "celery", "gunicorn"], build: ["pip"], shape: "api-worker", registry: "ghcr" },
    world: {
      repository: repository("billing"),
      apps: [
        {
          name: "billing",
          entry: "billing/wsgi.py",
          language: "python",
          port: 8000,
          port_env: "PORT",
          memory_mib: 210,
          required_env: ["DATABASE_URL", "REDIS_URL", "DJANGO_SECRET_KEY"],
          health_path: "/healthz",
          routes: ["/healthz", "/api/invoices/"],
        },
      ],
      cluster: sharedCluster({ secrets: { "billing-db": ["url"], "billing-django": ["secret-key"] } }),
    },
    discoverable: [
      { fact: "port 8000", file: "gunicorn.conf.py", text: "bind = f\"0.0.0.0:{os.environ.get('PORT', '8000')}\"" },
      { fact: "route /healthz", file: "billing/health.py", text: 'if request.path == "/healthz":' },
      { fact: "route /api/invoices/", file: "billing/urls.py", text: 'path("api/invoices/", views.invoice_list)' },
      { fact: "env DATABASE_URL", file: "billing/settings.py", text: 'os.environ["DATABASE_URL"]' },
      { fact: "env REDIS_URL", file: "billing/settings.py", text: 'CELERY_BROKER_URL = os.environ["REDIS_URL"]' },
      { fact: "env DJANGO_SECRET_KEY", file: "billing/settings.py", text: 'SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]' },
      { fact: "memory 210 MiB", file: "README.md", text: "so we plan on 210 MiB per pod" },
      { fact: "secret billing-db/url", file: "README.md", text: "from the Secret `billing-db` (key `url`)" },
      { fact: "secret billing-django/secret-key", file: "README.md", text: "from the Secret `billing-django` (key `secret-key`)" },
      { fact: "ingress class nginx", file: "README.md", text: "ingress-nginx (IngressClass `nginx`)" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "nodes of 2 vCPU and 4 GiB" },
    ],
  }),
  defineGeneratorBase({
    id: "tasks-api",
    description:
      "A Flask + SQLAlchemy to-do API under gunicorn on port 8080 with its PostgreSQL in the cluster (a StatefulSet behind a headless " +
      "Service), DATABASE_URL from a Secret: ci.yml runs pytest on Python 3.11/3.12 against a PostgreSQL service container; release.yml " +
      "pushes acme/tasks-api:main to Docker Hub with build-push-action and a registry cache.",
    split: "train",
    variants: {
      names: [{ token: "tasks-api", choices: ["todo-api", "tasks-service", "worklist-api"] }],
      ports: [{ port: 8080, choices: [8000, 5000, 8081] }],
    },
    stack: { languages: ["python"], frameworks: ["flask", "sqlalchemy", "gunicorn", "postgresql"], build: ["pip"], shape: "api-database", registry: "dockerhub" },
    world: {
      repository: repository("tasks-api"),
      secrets: ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"],
      apps: [
        {
          name: "tasks-api",
          entry: "app.py",
          language: "python",
          port: 8080,
          memory_mib: 118,
          required_env: ["DATABASE_URL"],
          env_formats: { DATABASE_URL: "^[a-z][a-z0-9+]*://" },
          database_url_env: "DATABASE_URL",
          health_path: "/health",
          routes: ["/health", "/tasks"],
        },
      ],
      cluster: sharedCluster({ secrets: { "tasks-db": ["password", "url"] } }),
    },
    discoverable: [
      { fact: "port 8080", file: "docker-compose.yml", text: "the API on http://localhost:8080" },
      { fact: "route /health", file: "app.py", text: '@app.get("/health")' },
      { fact: "route /tasks", file: "app.py", text: '@app.get("/tasks")' },
      { fact: "env DATABASE_URL", file: "app.py", text: 'DATABASE_URL = os.environ["DATABASE_URL"]' },
      { fact: "memory 118 MiB", file: "README.md", text: "96 to 118 MiB" },
      { fact: "secret tasks-db/url", file: "README.md", text: "`url` (the API's `DATABASE_URL`, pointing at `tasks-db:5432`)" },
      { fact: "secret tasks-db/password", file: "README.md", text: "`password` (the\ndatabase's)" },
      { fact: "repository secret DOCKERHUB_USERNAME", file: "README.md", text: "repository secrets `DOCKERHUB_USERNAME`" },
      { fact: "repository secret DOCKERHUB_TOKEN", file: "README.md", text: "`DOCKERHUB_TOKEN`" },
      { fact: "ingress class nginx", file: "README.md", text: "IngressClass `nginx`" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "Production nodes are 2 vCPU / 4 GiB" },
    ],
  }),
  defineGeneratorBase({
    id: "quotes-flask",
    description:
      "A Flask quote-of-the-day API (app factory, gunicorn on port 5000, REDIS_URL from a ConfigMap) on python:3.12-alpine: ci.yml runs " +
      "pytest on Python 3.10-3.12 with an actions/cache pip cache; docker.yml logs in to Docker Hub with the docker CLI and pushes " +
      "acme/quotes:<sha> and :main; k8s/ is one file with the ConfigMap, Deployment, Service and an Exact-path Ingress.",
    split: "test",
    variants: {
      names: [{ token: "quotes", choices: ["sayings", "epigrams", "aphorisms"] }],
      ports: [{ port: 5000, choices: [5001, 8000, 8080] }],
    },
    stack: { languages: ["python"], frameworks: ["flask", "gunicorn", "redis"], build: ["pip"], shape: "api", registry: "dockerhub" },
    world: {
      repository: repository("quotes"),
      secrets: ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"],
      apps: [
        {
          name: "quotes",
          entry: "wsgi.py",
          language: "python",
          port: 5000,
          memory_mib: 75,
          required_env: ["REDIS_URL"],
          health_path: "/livez",
          routes: ["/livez", "/api/quote"],
        },
      ],
      cluster: sharedCluster(),
    },
    discoverable: [
      { fact: "port 5000", file: "README.md", text: "served by gunicorn on port 5000" },
      { fact: "route /livez", file: "quotes/__init__.py", text: '@app.get("/livez")' },
      { fact: "route /api/quote", file: "quotes/__init__.py", text: '@app.get("/api/quote")' },
      { fact: "env REDIS_URL", file: "quotes/__init__.py", text: 'os.environ["REDIS_URL"]' },
      { fact: "memory 75 MiB", file: "README.md", text: "stays under 75 MiB" },
      { fact: "repository secret DOCKERHUB_USERNAME", file: "README.md", text: "`DOCKERHUB_USERNAME`" },
      { fact: "repository secret DOCKERHUB_TOKEN", file: "README.md", text: "`DOCKERHUB_TOKEN`" },
      { fact: "ingress class nginx", file: "README.md", text: "IngressClass `nginx`" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "two nodes of 2 vCPU / 4 GiB" },
    ],
  }),
  defineGeneratorBase({
    id: "digest-cron",
    description:
      "A FastAPI digest API (uvicorn on 8088) and its weekday CronJob (python -m digest.send) from one image, settings from a " +
      "ConfigMap both as variables and as a mounted TOML file, a read-only root filesystem with an emptyDir /tmp: ci.yml runs pytest " +
      "on Python 3.11-3.13; release.yml logs in to ghcr.io with the docker CLI and GITHUB_TOKEN and pushes the <sha> tag k8s/ deploys.",
    split: "train",
    variants: {
      names: [{ token: "digest", choices: ["newsletter", "briefing", "roundup"] }],
      ports: [{ port: 8088, choices: [8000, 8090, 8080] }],
    },
    stack: { languages: ["python"], frameworks: ["fastapi", "uvicorn"], build: ["pip"], shape: "api-worker", registry: "ghcr" },
    world: {
      repository: repository("digest"),
      apps: [
        {
          name: "digest",
          entry: "digest/api.py",
          language: "python",
          port: 8088,
          port_option: "--port",
          bind_option: "--host",
          memory_mib: 95,
          required_env: ["DIGEST_TEAM"],
          health_path: "/health",
          routes: ["/health", "/digest"],
        },
      ],
      cluster: sharedCluster({ secrets: { "digest-smtp": ["password"] } }),
    },
    discoverable: [
      { fact: "port 8088", file: "README.md", text: "`uvicorn digest.api:app` on port 8088" },
      { fact: "route /health", file: "digest/api.py", text: '@app.get("/health")' },
      { fact: "route /digest", file: "digest/api.py", text: '@app.get("/digest")' },
      { fact: "env DIGEST_TEAM", file: "digest/config.py", text: 'TEAM = os.environ["DIGEST_TEAM"]' },
      { fact: "config file /etc/digest/digest.toml", file: "digest/config.py", text: '"/etc/digest/digest.toml"' },
      { fact: "memory 95 MiB", file: "README.md", text: "95 MiB for either process" },
      { fact: "secret digest-smtp/password", file: "README.md", text: "the key `password` of the Secret `digest-smtp`" },
      { fact: "ingress class nginx", file: "README.md", text: "(IngressClass `nginx`)" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "nodes of 4 GiB and 2 vCPU" },
    ],
  }),
];
