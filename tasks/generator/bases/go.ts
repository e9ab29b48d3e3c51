/** Go bases: a cross-compiled service on distroless, and a webhook relay built on Debian and run on Alpine. */
import type { GeneratorBase } from "../define-base.js";
import { defineGeneratorBase, sharedCluster } from "../define-base.js";

const repository = (name: string) => ({ owner: "acme", name, default_branch: "main", default_token_permissions: "restricted" as const });

export const GO_BASES: readonly GeneratorBase[] = [
  defineGeneratorBase({
    id: "shipping-go",
    description:
      "A standard-library Go service (cmd/shipping, PORT or 8081, CARRIER_API_KEY from a Secret) cross-compiled with " +
      "--platform=$BUILDPLATFORM onto distroless nonroot: ci.yml vets and tests on Go 1.22/1.23 with setup-go's cache; release.yml " +
      "pushes a multi-arch ghcr.io/acme/shipping:main tagged by metadata-action; k8s/ has a read-only root filesystem, a regex Ingress " +
      "path and a NetworkPolicy for the checkout pods and the ingress controller.",
    split: "train",
    variants: {
      names: [{ token: "shipping", choices: ["freight", "parcels", "shipments"] }],
      ports: [{ port: 8081, choices: [8080, 8000, 9090] }],
    },
    stack: { languages: ["go"], frameworks: ["net/http"], build: ["go"], shape: "api", registry: "ghcr" },
    world: {
      repository: repository("shipping"),
      apps: [
        {
          name: "shipping",
          entry: "cmd/shipping/main.go",
          language: "go",
          port: 8081,
          port_env: "PORT",
          memory_mib: 31,
          required_env: ["CARRIER_API_KEY"],
          health_path: "/healthz",
          routes: ["/healthz", "/v1/rates"],
        },
      ],
      cluster: sharedCluster({ secrets: { "carrier-api": ["key"] } }),
    },
    discoverable: [
      { fact: "port 8081", file: "cmd/shipping/main.go", text: 'port = "8081"' },
      { fact: "route /healthz", file: "cmd/shipping/main.go", text: 'mux.HandleFunc("GET /healthz"' },
      { fact: "route /v1/rates", file: "cmd/shipping/main.go", text: 'mux.HandleFunc("GET /v1/rates"' },
      { fact: "env CARRIER_API_KEY", file: "cmd/shipping/main.go", text: 'os.Getenv("CARRIER_API_KEY")' },
      { fact: "memory 31 MiB", file: "README.md", text: "between\n12 and 31 MiB" },
      { fact: "secret carrier-api/key", file: "README.md", text: "the Secret `carrier-api` (key `key`)" },
      { fact: "ingress class nginx", file: "README.md", text: "(IngressClass `nginx`)" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "nodes have 4 GiB and 2 vCPU" },
    ],
  }),
  defineGeneratorBase({
    id: "alerts-go",
    description:
      "A one-file Go webhook relay (-port flag, 9095) in the monitoring namespace with no Ingress, built on golang:1.22-bookworm and run " +
      "on Alpine as a created user: ci.yml tests on Go 1.21/1.22 with an actions/cache of the module and build caches; publish.yml logs " +
      "in to Docker Hub with the docker CLI and pushes a multi-arch image with `docker buildx build --push`.",
    split: "train",
    variants: {
      names: [{ token: "alerts-relay", choices: ["alert-relay", "pager-relay", "webhook-relay"] }],
      ports: [{ port: 9095, choices: [9090, 8080, 9100] }],
    },
    stack: { languages: ["go"], frameworks: ["net/http"], build: ["go"], shape: "api", registry: "dockerhub" },
    world: {
      repository: repository("alerts-relay"),
      secrets: ["DOCKER_HUB_TOKEN"],
      apps: [
        {
          name: "alerts-relay",
          entry: "main.go",
          language: "go",
          port: 9095,
          port_option: "-port",
          memory_mib: 14,
          required_env: ["CHAT_WEBHOOK_URL"],
          health_path: "/-/healthy",
          routes: ["/-/healthy", "/alertmanager"],
        },
      ],
      cluster: sharedCluster({ namespace: "monitoring", secrets: { "alerts-relay": ["chat-webhook-url"] } }),
    },
    discoverable: [
      { fact: "port 9095", file: "main.go", text: 'flag.Int("port", 9095, "port to listen on")' },
      { fact: "route /-/healthy", file: "main.go", text: 'http.HandleFunc("/-/healthy"' },
      { fact: "route /alertmanager", file: "main.go", text: 'http.HandleFunc("/alertmanager"' },
      { fact: "env CHAT_WEBHOOK_URL", file: "main.go", text: 'os.Getenv("CHAT_WEBHOOK_URL")' },
      { fact: "memory 14 MiB", file: "README.md", text: "14 MiB during an alert storm" },
      { fact: "secret alerts-relay/chat-webhook-url", file: "README.md", text: "the key `chat-webhook-url` of the Secret `alerts-relay`" },
      { fact: "namespace monitoring", file: "README.md", text: "in the `monitoring` namespace" },
      { fact: "repository secret DOCKER_HUB_TOKEN", file: "README.md", text: "the repository secret `DOCKER_HUB_TOKEN`" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "(4 GiB, 2 vCPU)" },
    ],
  }),
];
