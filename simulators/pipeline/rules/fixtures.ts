/**
 * A small delivery repository for the PIPE rules' cases: an Express app, its Dockerfile, a workflow that
 * builds and pushes it to ghcr.io with build-push-action, and a Deployment of it.
 */
import type { WorldInput } from "../../world.js";

export const WORKFLOW = ".github/workflows/deliver.yml";
export const DEPLOYMENT = "k8s/deployment.yaml";

export const APP = {
  "package.json": JSON.stringify({ name: "web", version: "1.0.0", scripts: { start: "node server.js" } }, null, 2) + "\n",
  "package-lock.json": JSON.stringify({ name: "web", version: "1.0.0", lockfileVersion: 3, packages: {} }, null, 2) + "\n",
  "server.js": "require('http').createServer((q, s) => s.end('ok')).listen(3000);\n",
};

export const DOCKERFILE = `FROM node:20-alpine AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

FROM node:20-alpine AS runtime
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
USER node
EXPOSE 3000
CMD ["node", "server.js"]
`;

/** The workflow with `with:` lines for build-push-action (indented by the caller's taste: 10 spaces). */
export function deliver(withLines = "          push: true\n          tags: ghcr.io/acme/web:${{ github.ref_name }}\n"): string {
  return `name: deliver
on:
  push:
    branches: [main]
permissions:
  contents: read
  packages: write
jobs:
  image:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: docker/login-action@v3
        with:
          registry: ghcr.io
          username: \${{ github.actor }}
          password: \${{ secrets.GITHUB_TOKEN }}
      - uses: docker/build-push-action@v6
        with:
          context: .
${withLines}`;
}

export function deployment(image = "ghcr.io/acme/web:main"): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: ${image}
          ports:
            - containerPort: 3000
`;
}

export const WORLD: WorldInput = {
  repository: { owner: "acme", name: "web", default_branch: "main", default_token_permissions: "restricted" },
  apps: [{ name: "web", entry: "server.js", language: "node", port: 3000 }],
};

/** The whole repository, with any file replaced. */
export function repository(overrides: Record<string, string> = {}): Record<string, string> {
  return { ...APP, Dockerfile: DOCKERFILE, [WORKFLOW]: deliver(), [DEPLOYMENT]: deployment(), ...overrides };
}
