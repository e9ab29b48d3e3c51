/**
 * The clean repositories of the workflow tasks: small apps whose GitHub Actions workflow does real work (runs
 * the tests, builds and pushes the image, tells Slack), with the secrets the repository holds and the token
 * default its organisation has.
 */
import type { Base } from "../schema.js";
import { defineBase } from "./define.js";

export const WORKFLOW_BASES: readonly Base[] = [
  defineBase({
    id: "catalog-api",
    description: "A Flask catalogue API: CI runs pytest, then builds the image and pushes it to Docker Hub with the docker CLI.",
    world: {
      repository: { owner: "acme", name: "catalog-api", default_branch: "main", default_token_permissions: "restricted" },
      secrets: ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"],
      apps: [{ name: "catalog-api", entry: "app.py", language: "python", port: 8000, port_env: "PORT" }],
    },
  }),
  defineBase({
    id: "shortlinks",
    description: "An Express link shortener: CI runs node --test on a Node matrix, then posts to Slack through a webhook with curl.",
    world: {
      repository: { owner: "acme", name: "shortlinks", default_branch: "main", default_token_permissions: "restricted" },
      secrets: ["SLACK_WEBHOOK_URL"],
    },
  }),
  defineBase({
    id: "menu-service",
    description:
      "An Express menu API published to ghcr.io with setup-buildx, login-action (GITHUB_TOKEN) and build-push-action with the gha cache; " +
      "the repository still holds its old Docker Hub secrets.",
    world: {
      repository: { owner: "acme", name: "menu-service", default_branch: "main", default_token_permissions: "restricted" },
      secrets: ["DOCKER_USERNAME", "DOCKER_PASSWORD"],
      apps: [{ name: "menu-service", entry: "server.js", language: "node", port: 8080 }],
    },
  }),
];
