/**
 * The clean repositories of the cross-file tasks: apps whose workflow builds an image and pushes it, most of
 * them deployed to Kubernetes from the tag the workflow pushes. Each world holds the secrets the workflow uses
 * and what the apps need at run time (their port, memory, build output), each found where an engineer looks:
 * the code, the logs, or an inspection (`gh secret list`, `kubectl top pod`, the bundler's build log).
 */
import type { Base } from "../schema.js";
import { defineBase } from "./define.js";

export const PIPELINE_BASES: readonly Base[] = [
  defineBase({
    id: "inventory-svc",
    description:
      "An Express stock API on port 3000: release.yml logs in to GHCR with GITHUB_TOKEN, builds and pushes " +
      "ghcr.io/acme/inventory-svc:main with the docker CLI; k8s/ runs it behind a Service.",
    world: {
      repository: { owner: "acme", name: "inventory-svc", default_branch: "main", default_token_permissions: "restricted" },
      apps: [{ name: "inventory-svc", entry: "server.js", language: "node", port: 3000, port_env: "PORT", memory_mib: 70, health_path: "/health" }],
    },
  }),
  defineBase({
    id: "reports-api",
    description:
      "A Flask reports API under gunicorn on port 8000 (about 150 MiB): publish.yml builds it with buildx, APP_VERSION as a build arg, " +
      "and pushes ghcr.io/acme/reports-api:main; k8s/ runs it with a Service and an nginx Ingress. The repository still holds old Docker Hub secrets.",
    world: {
      repository: { owner: "acme", name: "reports-api", default_branch: "main", default_token_permissions: "restricted" },
      secrets: ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"],
      apps: [{ name: "reports-api", entry: "app.py", language: "python", port: 8000, memory_mib: 150, required_env: ["APP_VERSION"], health_path: "/health" }],
      cluster: { ingress_classes: ["nginx"] },
    },
  }),
  defineBase({
    id: "web-console",
    description:
      "A Create React App console (npm run build writes build/) served by nginx on port 80: ship.yml logs in to Docker Hub with " +
      "env-mapped secrets, builds and pushes acme/web-console:main; k8s/ runs it with a liveness probe.",
    world: {
      repository: { owner: "acme", name: "web-console", default_branch: "main", default_token_permissions: "restricted" },
      secrets: ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"],
      apps: [{ name: "web-console", language: "static", port: 80, memory_mib: 12, build_output_dir: "build", health_path: "/" }],
    },
  }),
  defineBase({
    id: "ledger-api",
    description:
      "A Flask ledger API under gunicorn on port 8000: docker.yml logs in to Docker Hub with env-mapped secrets, builds " +
      "acme/ledger-api:<sha> and :latest with the docker CLI and pushes both.",
    world: {
      repository: { owner: "acme", name: "ledger-api", default_branch: "main", default_token_permissions: "restricted" },
      secrets: ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"],
      apps: [{ name: "ledger-api", entry: "app.py", language: "python", port: 8000, health_path: "/health" }],
    },
  }),
  defineBase({
    id: "orders-web",
    description:
      "An Express orders API on port 8080 that needs Node >= 18 (.npmrc engine-strict): ci.yml tests on a Node 18/20/22 matrix, " +
      "publishes the coverage artifact from a later job, and pushes a linux/amd64 + linux/arm64 image to ghcr.io with buildx and QEMU.",
    world: {
      repository: { owner: "acme", name: "orders-web", default_branch: "main", default_token_permissions: "restricted" },
      apps: [{ name: "orders-web", entry: "server.js", language: "node", port: 8080, port_env: "PORT", engines: { node: ">=18" }, health_path: "/health" }],
    },
  }),
  defineBase({
    id: "parcel-tracker",
    description:
      "Two apps, backend/ (Express on port 4000) and frontend/ (Create React App served by nginx on 80); publish.yml builds both " +
      "with buildx and the gha cache (mode=max) and pushes them to ghcr.io.",
    world: {
      repository: { owner: "acme", name: "parcel-tracker", default_branch: "main", default_token_permissions: "restricted" },
      apps: [
        { name: "parcel-tracker-api", root: "backend", entry: "backend/src/index.js", language: "node", port: 4000, port_env: "PORT", health_path: "/health" },
        { name: "parcel-tracker-web", root: "frontend", language: "static", port: 80, build_output_dir: "build", health_path: "/" },
      ],
    },
  }),
  defineBase({
    id: "edge-agent",
    description:
      "A Go metrics agent on port 9100, cross-compiled with --platform=$BUILDPLATFORM and TARGETOS/TARGETARCH; image.yml builds one " +
      "image per platform in a matrix (amd64, arm64) and pushes both to ghcr.io.",
    world: {
      repository: { owner: "acme", name: "edge-agent", default_branch: "main", default_token_permissions: "restricted" },
      apps: [{ name: "edge-agent", entry: "main.go", language: "go", port: 9100, health_path: "/metrics" }],
    },
  }),
];
