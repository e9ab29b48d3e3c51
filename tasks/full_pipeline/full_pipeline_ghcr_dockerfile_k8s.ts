import { edit, edits, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/publish.yml";
const DEPLOY = "k8s/deployment.yaml";

export const fullPipelineGhcrDockerfileK8s: ScenarioSource = {
  id: "full_pipeline_ghcr_dockerfile_k8s",
  task_id: "full_pipeline",
  title: "Reports API: GHCR refuses the login, the base image does not exist, and the pods are OOMKilled",
  difficulty: "expert",
  description:
    "Three faults met one stage at a time. (1) docker/login-action sends the Docker Hub token to ghcr.io, which denies it. " +
    "(2) FROM python:3.12-slimm names a tag that does not exist. (3) The memory limit is 64Mi; gunicorn with two workers needs about 150 MiB " +
    "(kubectl top pod once it runs), so the container is OOMKilled.",
  base: "reports-api",
  faults: [
    { file: WF, replace: "          password: ${{ secrets.GITHUB_TOKEN }}", with: "          password: ${{ secrets.DOCKERHUB_TOKEN }}" },
    { file: "Dockerfile", replace: "FROM python:3.12-slim\n", with: "FROM python:3.12-slimm\n" },
    { file: DEPLOY, replace: "              memory: 192Mi\n", with: "              memory: 64Mi\n" },
    { file: DEPLOY, replace: "              memory: 256Mi\n", with: "              memory: 64Mi\n" },
  ],
  issues: [
    {
      id: "ghcr-credentials",
      description: "The GHCR login uses DOCKERHUB_TOKEN, a Docker Hub credential; ghcr.io accepts GITHUB_TOKEN (or a GitHub PAT).",
      hint: "Which registry does the login step talk to, and whose token does it send?",
      stage: "push",
      // Fixed once the push it is for goes through: a login elsewhere only moves the refusal to the push.
      detection: [{ code: "GHA103", file: WF }, { code: "GHA104", file: WF }],
    },
    {
      id: "base-image-tag",
      description: "python:3.12-slimm is a misspelling of python:3.12-slim.",
      hint: "Read the FROM line's tag letter by letter.",
      stage: "build",
      detection: [{ code: "DF003", file: "Dockerfile" }],
    },
    {
      id: "memory-limit",
      description: "A 64Mi limit is below the ~150 MiB the app uses; the kernel kills it (OOMKilled).",
      hint: "kubectl top pod shows how much memory the service settles at once started.",
      stage: "runtime",
      detection: [{ code: "K8S025", file: DEPLOY }],
    },
  ],
  solution: [
    edit(WF, "${{ secrets.DOCKERHUB_TOKEN }}", "${{ secrets.GITHUB_TOKEN }}"),
    edit("Dockerfile", "FROM python:3.12-slimm", "FROM python:3.12-slim"),
    edit(DEPLOY, "              memory: 64Mi\n              cpu: 100m\n            limits:\n              memory: 64Mi\n", "              memory: 192Mi\n              cpu: 100m\n            limits:\n              memory: 256Mi\n"),
  ],
  alternatives: [
    {
      description: "the manifest first, then github.token, then the bookworm slim tag",
      actions: [
        edit(DEPLOY, "            limits:\n              memory: 64Mi\n", "            limits:\n              memory: 320Mi\n"),
        edit(WF, "${{ secrets.DOCKERHUB_TOKEN }}", "${{ github.token }}"),
        replaceLine("Dockerfile", 1, "FROM python:3.12-slim-bookworm"),
      ],
    },
    {
      description: "the Dockerfile first, then the login, then both memory values",
      actions: [
        replaceLine("Dockerfile", 1, "FROM python:3.12-slim"),
        edit(WF, "password: ${{ secrets.DOCKERHUB_TOKEN }}", "password: ${{ secrets.GITHUB_TOKEN }}"),
        edit(DEPLOY, "              memory: 64Mi\n              cpu: 100m\n            limits:\n              memory: 64Mi\n", "              memory: 256Mi\n              cpu: 100m\n            limits:\n              memory: 512Mi\n"),
      ],
    },
  ],
  wrong: [
    {
      description: "log in to Docker Hub instead (and the base image fixed): the push to ghcr.io is then unauthenticated",
      because: { fires: "GHA104" },
      actions: [
        edit(WF, "          registry: ghcr.io\n          username: ${{ github.actor }}\n", "          username: ${{ secrets.DOCKERHUB_USERNAME }}\n"),
        edit("Dockerfile", "FROM python:3.12-slimm", "FROM python:3.12-slim"),
      ],
      leaves_unfixed: ["ghcr-credentials"],
    },
    {
      description: "everything fixed but the limit raised to 128Mi, still below what the app uses",
      because: { fires: "K8S025" },
      actions: [
        edit(WF, "${{ secrets.DOCKERHUB_TOKEN }}", "${{ secrets.GITHUB_TOKEN }}"),
        edit("Dockerfile", "FROM python:3.12-slimm", "FROM python:3.12-slim"),
        edit(DEPLOY, "            limits:\n              memory: 64Mi\n", "            limits:\n              memory: 128Mi\n"),
      ],
      leaves_unfixed: ["memory-limit"],
    },
    {
      description: "a base image without the tag typo but a tag that does not exist either",
      because: { fires: "DF003" },
      actions: [edit(WF, "${{ secrets.DOCKERHUB_TOKEN }}", "${{ secrets.GITHUB_TOKEN }}"), edit("Dockerfile", "FROM python:3.12-slimm", "FROM python:3.12-slim-buster")],
      leaves_unfixed: ["base-image-tag"],
    },
    {
      description: "the tag typo replaced by python:slim: it builds, but the Python version now floats with every release",
      because: { violation: "base-image-pins" },
      actions: [
        edit(WF, "${{ secrets.DOCKERHUB_TOKEN }}", "${{ secrets.GITHUB_TOKEN }}"),
        replaceLine("Dockerfile", 1, "FROM python:slim"),
        edit(DEPLOY, "            limits:\n              memory: 64Mi\n", "            limits:\n              memory: 256Mi\n"),
      ],
      leaves_unfixed: ["base-image-tag"],
    },
    {
      description: "the release version dropped from the build and defaulted in the Dockerfile: every image now says 'dev'",
      because: { violation: "build-guards" },
      actions: [
        edits([WF, "${{ secrets.DOCKERHUB_TOKEN }}", "${{ secrets.GITHUB_TOKEN }}"], [WF, "          build-args: |\n            APP_VERSION=${{ github.ref_name }}\n", ""]),
        edits(["Dockerfile", "FROM python:3.12-slimm", "FROM python:3.12-slim"], ["Dockerfile", "ARG APP_VERSION\n", "ARG APP_VERSION=dev\n"]),
        edit(DEPLOY, "            limits:\n              memory: 64Mi\n", "            limits:\n              memory: 256Mi\n"),
      ],
    },
    { description: "login and base fixed, the memory limit deleted", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "            limits:\n              memory: 64Mi\n", ""), edit(".github/workflows/publish.yml", "          password: ${{ secrets.DOCKERHUB_TOKEN }}", "          password: ${{ secrets.GITHUB_TOKEN }}"), edit("Dockerfile", "FROM python:3.12-slimm", "FROM python:3.12-slim")] },
    { description: "everything fixed, and the guarded ARG given a default the release overrides", because: { violation: "build-guards" }, actions: [edit("Dockerfile", "ARG APP_VERSION\n", "ARG APP_VERSION=dev\n"), edit(".github/workflows/publish.yml", "          password: ${{ secrets.DOCKERHUB_TOKEN }}", "          password: ${{ secrets.GITHUB_TOKEN }}"), edit("Dockerfile", "FROM python:3.12-slimm", "FROM python:3.12-slim"), edit("k8s/deployment.yaml", "              memory: 64Mi\n              cpu: 100m\n            limits:\n              memory: 64Mi", "              memory: 192Mi\n              cpu: 100m\n            limits:\n              memory: 256Mi")] },
  ],
  // Once the image is pushed, kubectl top shows what the app settles at; the request and limit are choices above it.
  evidence: { inspect: [{ command: "kubectl top pod", shows: "150Mi" }], choices: ["192Mi", "256Mi"] },
  optimal_steps: 3,
  max_steps: 16,
};
