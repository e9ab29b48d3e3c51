/** Monorepos: two services in one repository, each with its own Dockerfile, built by one workflow. */
import type { GeneratorBase } from "../define-base.js";
import { defineGeneratorBase, sharedCluster } from "../define-base.js";

const repository = (name: string) => ({ owner: "acme", name, default_branch: "main", default_token_permissions: "restricted" as const });

export const MONOREPO_BASES: readonly GeneratorBase[] = [
  defineGeneratorBase({
    id: "shop-monorepo",
    description:
      "Two shop services in one repository: services/cart (Express, CART_PORT or 4000, needs RECOMMEND_URL) and services/recommend " +
      "(FastAPI under uvicorn on 8000): ci.yml tests each in its own job with working-directory defaults and per-service cache paths; " +
      "images.yml builds both in a service matrix from their own contexts and pushes them to ghcr.io; k8s/ routes two Ingress paths.",
    split: "train",
    variants: {
      names: [{ token: "shop", choices: ["store", "market", "bazaar"] }],
      ports: [{ port: 4000, choices: [3000, 4001, 4100] }, { port: 8000, choices: [8001, 8080, 9000] }],
    },
    stack: { languages: ["node", "python"], frameworks: ["express", "fastapi", "uvicorn"], build: ["npm", "pip"], shape: "monorepo", registry: "ghcr" },
    world: {
      repository: repository("shop"),
      apps: [
        {
          name: "shop-cart",
          root: "services/cart",
          entry: "services/cart/src/index.js",
          language: "node",
          port: 4000,
          port_env: "CART_PORT",
          memory_mib: 74,
          required_env: ["RECOMMEND_URL"],
          health_path: "/api/cart/health",
          routes: ["/api/cart/health", "/api/cart"],
        },
        {
          name: "shop-recommend",
          root: "services/recommend",
          entry: "services/recommend/recommend/api.py",
          language: "python",
          port: 8000,
          port_option: "--port",
          bind_option: "--host",
          memory_mib: 162,
          health_path: "/api/recommendations/health",
          routes: ["/api/recommendations/health", "/api/recommendations"],
        },
      ],
      cluster: sharedCluster(),
    },
    discoverable: [
      { fact: "port 4000", file: "services/cart/src/index.js", text: "Number(process.env.CART_PORT || 4000)" },
      { fact: "port 8000", file: "README.md", text: "8000 (`--port` in its Dockerfile)" },
      { fact: "route /api/cart/health", file: "services/cart/src/index.js", text: 'app.get("/api/cart/health"' },
      { fact: "route /api/cart", file: "services/cart/src/index.js", text: 'app.get("/api/cart/:id"' },
      { fact: "route /api/recommendations/health", file: "services/recommend/recommend/api.py", text: '@app.get("/api/recommendations/health")' },
      { fact: "route /api/recommendations", file: "services/recommend/recommend/api.py", text: '@app.get("/api/recommendations")' },
      { fact: "env RECOMMEND_URL", file: "services/cart/src/index.js", text: "const recommendUrl = process.env.RECOMMEND_URL;" },
      { fact: "memory 74 MiB", file: "README.md", text: "cart 74 MiB" },
      { fact: "memory 162 MiB", file: "README.md", text: "recommend\n162 MiB" },
      { fact: "ingress class nginx", file: "README.md", text: "(IngressClass `nginx`" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "nodes of\n4 GiB and 2 vCPU" },
    ],
  }),
  defineGeneratorBase({
    id: "fleet-monorepo",
    description:
      "A Go API (api/, -addr :7070, TRACKER_TOKEN from a Secret) and a Vite + Leaflet map (web/, outDir public_html, VITE_API_BASE " +
      "required at build time) in one repository, deployed from deploy/ to the fleet namespace: ci.yml tests each app; deliver.yml " +
      "builds them in two jobs from their own contexts (the web one with a build arg) and pushes <sha> tags to ghcr.io; a default-deny " +
      "NetworkPolicy with a matchExpressions allow rule.",
    split: "test",
    variants: {
      names: [{ token: "fleet", choices: ["convoy", "trucking", "haulage"] }],
      ports: [{ port: 7070, choices: [7000, 8081, 7171] }],
    },
    stack: { languages: ["go", "static", "node"], frameworks: ["net/http", "vite", "leaflet", "nginx"], build: ["go", "npm"], shape: "monorepo", registry: "ghcr" },
    world: {
      repository: repository("fleet"),
      apps: [
        {
          name: "fleet-api",
          root: "api",
          entry: "api/main.go",
          language: "go",
          port: 7070,
          memory_mib: 41,
          required_env: ["TRACKER_TOKEN"],
          health_path: "/api/healthz",
          routes: ["/api/healthz", "/api/vans", "/api/positions"],
        },
        { name: "fleet-web", root: "web", language: "static", port: 8080, memory_mib: 12, build_output_dir: "public_html", health_path: "/healthz", routes: ["/healthz", "/"] },
      ],
      cluster: sharedCluster({ namespace: "fleet", secrets: { "fleet-tracker": ["token"] } }),
    },
    discoverable: [
      { fact: "port 7070", file: "api/main.go", text: 'flag.String("addr", ":7070", "address to serve the API on")' },
      { fact: "port 8080", file: "web/nginx.conf", text: "listen 8080;" },
      { fact: "route /api/healthz", file: "api/main.go", text: 'http.HandleFunc("GET /api/healthz"' },
      { fact: "route /api/vans", file: "api/main.go", text: 'http.HandleFunc("GET /api/vans"' },
      { fact: "route /api/positions", file: "api/main.go", text: 'http.HandleFunc("POST /api/positions"' },
      { fact: "route /healthz", file: "web/nginx.conf", text: "location = /healthz {" },
      { fact: "route /", file: "web/nginx.conf", text: "try_files $uri /index.html;" },
      { fact: "env TRACKER_TOKEN", file: "api/main.go", text: 'os.Getenv("TRACKER_TOKEN")' },
      { fact: "build arg VITE_API_BASE", file: "web/src/api.js", text: "import.meta.env.VITE_API_BASE" },
      { fact: "build output public_html", file: "web/vite.config.js", text: 'outDir: "public_html"' },
      { fact: "memory 41 MiB", file: "README.md", text: "the API 18-41 MiB" },
      { fact: "memory 12 MiB", file: "README.md", text: "the web pods 12 MiB" },
      { fact: "secret fleet-tracker/token", file: "deploy/secrets.md", text: "| `fleet-tracker` | `token` |" },
      { fact: "namespace fleet", file: "README.md", text: "to the `fleet` namespace" },
      { fact: "ingress class nginx", file: "README.md", text: "(IngressClass `nginx`)" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "nodes of 4 GiB and 2 vCPU" },
    ],
  }),
];
