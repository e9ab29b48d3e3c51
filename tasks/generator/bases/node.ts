/** Node bases: Express APIs, an Express API with its queue worker, and static React sites served by nginx. */
import type { GeneratorBase } from "../define-base.js";
import { defineGeneratorBase, sharedCluster } from "../define-base.js";

const repository = (name: string) => ({ owner: "acme", name, default_branch: "main", default_token_permissions: "restricted" as const });

export const NODE_BASES: readonly GeneratorBase[] = [
  defineGeneratorBase({
    id: "events-express",
    description:
      "An Express events API on port 3000 (PORT), RSVP_SIGNING_KEY from a Secret, production dependencies in their own stage: ci.yml " +
      "runs node --test on Node 18/20/22 with the npm cache; release.yml pushes acme/events-api:main and :<sha> to Docker Hub for " +
      "linux/amd64 and linux/arm64 with QEMU and buildx; k8s/ runs it behind a Service, an nginx Ingress and a NetworkPolicy on a named port.",
    split: "train",
    variants: {
      names: [{ token: "events-api", choices: ["events-service", "rsvp-api", "meetups-api"] }],
      ports: [{ port: 3000, choices: [3001, 8080, 4000] }],
    },
    stack: { languages: ["node"], frameworks: ["express"], build: ["npm"], shape: "api", registry: "dockerhub" },
    world: {
      repository: repository("events-api"),
      secrets: ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"],
      apps: [
        {
          name: "events-api",
          entry: "src/server.js",
          language: "node",
          port: 3000,
          port_env: "PORT",
          memory_mib: 88,
          required_env: ["RSVP_SIGNING_KEY"],
          engines: { node: ">=18" },
          health_path: "/healthz",
          routes: ["/healthz", "/events"],
        },
      ],
      cluster: sharedCluster({ secrets: { "events-api": ["signing-key"] } }),
    },
    discoverable: [
      { fact: "port 3000", file: "src/config.js", text: "port: Number(process.env.PORT || 3000)" },
      { fact: "route /healthz", file: "src/app.js", text: 'app.get("/healthz"' },
      { fact: "route /events", file: "src/app.js", text: 'app.get("/events"' },
      { fact: "env RSVP_SIGNING_KEY", file: "src/config.js", text: 'signingKey: required("RSVP_SIGNING_KEY")' },
      { fact: "memory 88 MiB", file: "loadtest/k6-summary.txt", text: "peak during the run ...........: 88 MiB" },
      { fact: "secret events-api/signing-key", file: "README.md", text: "the Secret\n`events-api`, key `signing-key`" },
      { fact: "repository secret DOCKERHUB_USERNAME", file: "README.md", text: "`DOCKERHUB_USERNAME`" },
      { fact: "repository secret DOCKERHUB_TOKEN", file: "README.md", text: "`DOCKERHUB_TOKEN`" },
      { fact: "ingress class nginx", file: "README.md", text: "(IngressClass `nginx`)" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "worker nodes have 4 GiB and 2 vCPU" },
    ],
  }),
  defineGeneratorBase({
    id: "storefront-vite",
    description:
      "A React single-page shop built with Vite (outDir dist in vite.config.js) and served by nginx-unprivileged on port 8080 with a " +
      "/healthz location: ci.yml tests and builds on Node 20/22 and uploads the bundle; release.yml pushes a multi-arch " +
      "ghcr.io/acme/storefront:main; k8s/ runs it as uid 101 behind a TLS Ingress and a NetworkPolicy.",
    split: "train",
    variants: {
      names: [{ token: "storefront", choices: ["shopfront", "webshop", "storefront-web"] }],
    },
    stack: { languages: ["static", "node"], frameworks: ["react", "vite", "nginx"], build: ["npm"], shape: "static-site", registry: "ghcr" },
    world: {
      repository: repository("storefront"),
      apps: [{ name: "storefront", language: "static", port: 8080, memory_mib: 21, build_output_dir: "dist", health_path: "/healthz", routes: ["/healthz", "/"] }],
      cluster: sharedCluster({ secrets: { "storefront-tls": ["tls.crt", "tls.key"] } }),
    },
    discoverable: [
      { fact: "port 8080", file: "nginx.conf", text: "listen 8080;" },
      { fact: "route /healthz", file: "nginx.conf", text: "location = /healthz {" },
      { fact: "route /", file: "nginx.conf", text: "try_files $uri $uri/ /index.html;" },
      { fact: "build output dist", file: "vite.config.js", text: 'outDir: "dist"' },
      { fact: "memory 21 MiB", file: "README.md", text: "21 MiB under the Black Friday replay" },
      { fact: "secret storefront-tls/tls.crt", file: "README.md", text: "TLS certificate in the Secret `storefront-tls`" },
      { fact: "ingress class nginx", file: "README.md", text: "(IngressClass `nginx`)" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "Its nodes have 4 GiB and 2 vCPU" },
    ],
  }),
  defineGeneratorBase({
    id: "exports-node",
    description:
      "An Express API and a BullMQ worker from one image (tini as ENTRYPOINT, node src/api.js as CMD, the worker Deployment overriding " +
      "args), REDIS_URL from a Secret: ci.yml tests on Node 20/22 with a Redis service container; release.yml pushes " +
      "ghcr.io/acme/exports:main; k8s/ runs both with one NetworkPolicy over the app's pods.",
    split: "train",
    variants: {
      // After a dot it is JavaScript's `module.exports`, not the service.
      names: [{ token: "exports", choices: ["csv-exports", "exporter", "data-exports"], notAfter: "A-Za-z0-9_." }],
      ports: [{ port: 8080, choices: [3000, 8000, 8081] }],
    },
    stack: { languages: ["node"], frameworks: ["express", "bullmq"], build: ["npm"], shape: "api-worker", registry: "ghcr" },
    world: {
      repository: repository("exports"),
      apps: [
        {
          name: "exports",
          entry: "src/api.js",
          language: "node",
          port: 8080,
          port_env: "PORT",
          memory_mib: 140,
          required_env: ["REDIS_URL"],
          engines: { node: ">=20" },
          health_path: "/health",
          routes: ["/health", "/exports"],
        },
      ],
      cluster: sharedCluster({ secrets: { "exports-redis": ["url"] } }),
    },
    discoverable: [
      { fact: "port 8080", file: "src/api.js", text: "Number(process.env.PORT ?? 8080)" },
      { fact: "route /health", file: "src/api.js", text: 'app.get("/health"' },
      { fact: "route /exports", file: "src/api.js", text: 'app.post("/exports"' },
      { fact: "env REDIS_URL", file: "src/queue.js", text: "const url = process.env.REDIS_URL;" },
      { fact: "memory 140 MiB", file: "README.md", text: "took a worker to 140 MiB resident" },
      { fact: "secret exports-redis/url", file: "README.md", text: "the key `url` of the Secret\n`exports-redis`" },
      { fact: "ingress class nginx", file: "README.md", text: "IngressClass `nginx`" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "nodes of 4 GiB / 2 vCPU" },
    ],
  }),
  defineGeneratorBase({
    id: "kiosk-cra",
    description:
      "A Create React App kiosk screen (build/) served by nginx-unprivileged on 8080 with a /status location, for single-node k3s " +
      "clusters whose ingress controller is Traefik (the default class): ci.yml runs the CRA tests on Node 18/20; publish.yml pushes " +
      "acme/store-kiosk:main for linux/amd64 and linux/arm64 to Docker Hub; no NetworkPolicy, since the store clusters enforce none.",
    split: "test",
    variants: {
      names: [{ token: "store-kiosk", choices: ["shop-kiosk", "kiosk-web", "instore-kiosk"] }],
    },
    stack: { languages: ["static", "node"], frameworks: ["react", "create-react-app", "nginx"], build: ["npm"], shape: "static-site", registry: "dockerhub" },
    world: {
      repository: repository("store-kiosk"),
      secrets: ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"],
      apps: [{ name: "store-kiosk", language: "static", port: 8080, memory_mib: 11, build_output_dir: "build", health_path: "/status", routes: ["/status", "/"] }],
      cluster: { ingress_classes: ["traefik"], default_ingress_class: "traefik", node: { memory_mib: 2048, cpu_millicores: 4000 } },
    },
    discoverable: [
      { fact: "port 8080", file: "nginx.conf", text: "listen 8080;" },
      { fact: "route /status", file: "nginx.conf", text: "location = /status {" },
      { fact: "route /", file: "nginx.conf", text: "try_files $uri /index.html;" },
      { fact: "build output build", file: "README.md", text: "Builds the app for production to the `build` folder." },
      { fact: "memory 11 MiB", file: "README.md", text: "11 MiB at most" },
      { fact: "repository secret DOCKERHUB_USERNAME", file: "README.md", text: "`DOCKERHUB_USERNAME`" },
      { fact: "repository secret DOCKERHUB_TOKEN", file: "README.md", text: "`DOCKERHUB_TOKEN`" },
      { fact: "ingress class traefik", file: "README.md", text: "traefik   traefik.io/ingress-controller" },
      { fact: "node memory 2048 MiB", file: "README.md", text: "ARM mini PC (4 cores, 2 GiB)" },
    ],
  }),
  defineGeneratorBase({
    id: "orders-pg",
    description:
      "An Express orders API on PostgreSQL (pg; HTTP_PORT or 8000, DATABASE_URL from a Secret) with PostgreSQL as a Deployment on a " +
      "PersistentVolumeClaim and a migration Job from the app's image: ci.yml tests on Node 20.x/22.x against a PostgreSQL service " +
      "container and is reused by release.yml, which then pushes ghcr.io/acme/orders-service:main tagged by metadata-action.",
    split: "test",
    variants: {
      names: [{ token: "orders-service", choices: ["orders-api", "order-service", "purchases-service"] }],
      ports: [{ port: 8000, choices: [8080, 3000, 8001] }],
    },
    stack: { languages: ["node"], frameworks: ["express", "pg", "postgresql"], build: ["npm"], shape: "api-database", registry: "ghcr" },
    world: {
      repository: repository("orders-service"),
      apps: [
        {
          name: "orders-service",
          entry: "src/server.js",
          language: "node",
          port: 8000,
          port_env: "HTTP_PORT",
          memory_mib: 96,
          required_env: ["DATABASE_URL"],
          health_path: "/livez",
          routes: ["/livez", "/readyz", "/orders"],
        },
      ],
      cluster: sharedCluster({ secrets: { "orders-db": ["password", "url"] } }),
    },
    discoverable: [
      { fact: "port 8000", file: "src/server.js", text: "Number(process.env.HTTP_PORT || 8000)" },
      { fact: "route /livez", file: "src/routes.js", text: 'router.get("/livez"' },
      { fact: "route /readyz", file: "src/routes.js", text: 'router.get("/readyz"' },
      { fact: "route /orders", file: "src/routes.js", text: 'router.get("/orders/:id"' },
      { fact: "env DATABASE_URL", file: "src/db.js", text: "process.env.DATABASE_URL" },
      { fact: "memory 96 MiB", file: "README.md", text: "The API's pods use 58-96 MiB" },
      { fact: "secret orders-db/url", file: "README.md", text: "`url` (the API's `DATABASE_URL`)" },
      { fact: "secret orders-db/password", file: "README.md", text: "holds `password` (PostgreSQL's)" },
      { fact: "ingress class nginx", file: "README.md", text: "(IngressClass `nginx`)" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "Nodes have\n4 GiB and 2 vCPU" },
    ],
  }),
];
