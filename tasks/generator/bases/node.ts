/** Node bases: Express APIs, an Express API with its queue worker, and static React sites served by nginx. */
import type { GeneratorBase } from "../define-base.js";
import { defineGeneratorBase, SHARED_CLUSTER } from "../define-base.js";

const repository = (name: string) => ({ owner: "acme", name, default_branch: "main", default_token_permissions: "restricted" as const });

export const NODE_BASES: readonly GeneratorBase[] = [
  defineGeneratorBase({
    id: "events-express",
    description:
      "An Express events API on port 3000 (PORT), RSVP_SIGNING_KEY from a Secret, production dependencies in their own stage: ci.yml " +
      "runs node --test on Node 18/20/22 with the npm cache; release.yml pushes acme/events-api:main and :<sha> to Docker Hub for " +
      "linux/amd64 and linux/arm64 with QEMU and buildx; k8s/ runs it behind a Service, an nginx Ingress and a NetworkPolicy on a named port.",
    split: "train",
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
      cluster: { ...SHARED_CLUSTER, secrets: { "events-api": ["signing-key"] } },
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
    stack: { languages: ["static", "node"], frameworks: ["react", "vite", "nginx"], build: ["npm"], shape: "static-site", registry: "ghcr" },
    world: {
      repository: repository("storefront"),
      apps: [{ name: "storefront", language: "static", port: 8080, memory_mib: 21, build_output_dir: "dist", health_path: "/healthz", routes: ["/healthz", "/"] }],
      cluster: { ...SHARED_CLUSTER, secrets: { "storefront-tls": ["tls.crt", "tls.key"] } },
    },
    discoverable: [
      { fact: "port 8080", file: "nginx.conf", text: "listen 8080;" },
      { fact: "route /healthz", file: "nginx.conf", text: "location = /healthz {" },
      { fact: "build output dist", file: "vite.config.js", text: 'outDir: "dist"' },
      { fact: "memory 21 MiB", file: "README.md", text: "21 MiB under the Black Friday replay" },
      { fact: "secret storefront-tls/tls.crt", file: "README.md", text: "TLS certificate in the Secret `storefront-tls`" },
      { fact: "ingress class nginx", file: "README.md", text: "(IngressClass `nginx`)" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "Its nodes have 4 GiB and 2 vCPU" },
    ],
  }),
];
