/**
 * The clean repositories of the Kubernetes tasks: deployment repositories (manifests under k8s/ and a README
 * that says what the app is and which settings it reads), each with the world its cluster and registry make
 * up. What a fix depends on is where an engineer finds it: the ports in the manifests and the image's config
 * (`docker image inspect`), the memory an app settles at in `kubectl top pod`, the installed IngressClasses
 * and the ingress controller's namespace in `kubectl get`, another team's Services in `kubectl get svc`.
 */
import type { Base } from "../schema.js";
import { defineBase } from "./define.js";

/** Nodes of 4 GiB and 2 CPUs with ingress-nginx's class `nginx`, not the default (`kubectl get ingressclass`). */
const CLUSTER = { ingress_classes: ["nginx"], node: { memory_mib: 4096, cpu_millicores: 2000 } };

export const K8S_BASES: readonly Base[] = [
  defineBase({
    id: "catalog-deploy",
    description:
      "A Python catalogue API (gunicorn on 8080, ~180 MiB, DATABASE_URL from a cluster Secret, SEARCH_URL from a ConfigMap, pointing " +
      "at the search team's Service search:9200) behind a Service, an nginx Ingress and a NetworkPolicy that admits only the ingress controller.",
    world: {
      registry: {
        "ghcr.io/acme/catalog-api": {
          "1.8.1": catalogImage(),
          "1.8.2": catalogImage(),
        },
      },
      apps: [
        {
          name: "catalog-api",
          entry: "app.py",
          language: "python",
          port: 8080,
          memory_mib: 180,
          required_env: ["DATABASE_URL", "SEARCH_URL"],
          health_path: "/healthz",
        },
      ],
      cluster: { ...CLUSTER, secrets: { "catalog-db": ["url"], "catalog-tls": ["tls.crt", "tls.key"] }, services: { search: [9200] } },
    },
  }),
  defineBase({
    id: "shop-deploy",
    description: "An Express API (port 3000) run by the Deployment api-server, behind the Service api and an nginx Ingress.",
    world: {
      registry: {
        "ghcr.io/acme/shop-api": {
          "3.4.1": {
            os: "debian",
            user: "node",
            users: ["node"],
            workdir: "/app",
            cmd: ["node", "server.js"],
            binaries: ["node", "npm", "sh"],
            files: ["/app/server.js", "/app/package.json"],
            app: "shop-api",
          },
        },
      },
      apps: [{ name: "shop-api", entry: "src/server.js", language: "node", port: 3000, memory_mib: 120, health_path: "/healthz" }],
      cluster: CLUSTER,
    },
  }),
  defineBase({
    id: "thumbnailer",
    description: "A Python queue worker (python worker.py --concurrency 4, needs REDIS_URL) with no Service: the image's command is in its config.",
    world: {
      registry: {
        "ghcr.io/acme/thumbnailer": {
          "2.3.0": {
            os: "debian",
            workdir: "/app",
            cmd: ["python", "worker.py"],
            binaries: ["python", "python3", "pip", "sh", "bash"],
            files: ["/app/worker.py", "/app/tasks.py", "/app/storage.py"],
            app: "thumbnailer",
          },
        },
      },
      apps: [{ name: "thumbnailer", entry: "worker.py", language: "python", memory_mib: 150, required_env: ["REDIS_URL"], accepted_args: ["--concurrency"] }],
      cluster: CLUSTER,
    },
  }),
  defineBase({
    id: "docs-site",
    description: "The official nginx image serving static pages from a ConfigMap volume, behind a Service and an nginx Ingress.",
    world: { cluster: CLUSTER },
  }),
];

/** The catalogue API's image: gunicorn serving app:app from /app. */
function catalogImage() {
  return {
    os: "debian" as const,
    user: "app",
    users: ["app"],
    workdir: "/app",
    cmd: ["gunicorn", "--bind", "0.0.0.0:8080", "--workers", "2", "app:app"],
    binaries: ["python", "python3", "gunicorn", "sh"],
    files: ["/app/app.py", "/app/search.py", "/app/models.py"],
    app: "catalog-api",
  };
}
