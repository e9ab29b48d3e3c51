import { edit, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const invalidBaseImage: ScenarioSource = {
  id: "invalid_base_image",
  task_id: "dockerfile_syntax",
  title: "Bookmarks API: docker build cannot resolve the base image",
  difficulty: "easy",
  description: "FROM python:3.12-slimm: the tag does not exist on Docker Hub (an extra m).",
  base: "flask-api",
  faults: [{ file: "Dockerfile", replace: "FROM python:3.12-slim", with: "FROM python:3.12-slimm" }],
  issues: [
    {
      id: "base-tag-missing",
      description: "The base image tag python:3.12-slimm does not exist; python:3.12-slim does.",
      hint: "Read the tag in FROM letter by letter: Docker Hub has no such tag.",
      stage: "build",
      detection: [{ code: "DF003", file: "Dockerfile" }],
    },
  ],
  solution: [edit("Dockerfile", "FROM python:3.12-slimm", "FROM python:3.12-slim")],
  alternatives: [
    { description: "pin the Debian release too", actions: [replaceLine("Dockerfile", 1, "FROM python:3.12-slim-bookworm")] },
    {
      description: "another existing Python tag the app runs on",
      actions: [patch("--- a/Dockerfile\n+++ b/Dockerfile\n@@ -1,2 +1,2 @@\n-FROM python:3.12-slimm\n+FROM python:3.11-slim\n \n")],
    },
  ],
  wrong: [
    { description: "another tag that does not exist", because: { fires: "DF003" }, actions: [replaceLine("Dockerfile", 1, "FROM python:3.12-slimm-bookworm")] },
    { description: "a misspelt repository", because: { fires: "DF003" }, actions: [replaceLine("Dockerfile", 1, "FROM pyhton:3.12-slim")] },
    { description: "an image without Python: pip is not found", because: { fires: "DF009" }, actions: [replaceLine("Dockerfile", 1, "FROM node:20-slim")] },
    { description: "the tag dropped for :latest: it builds, but the Python version now floats with every release", because: { violation: "base-image-pins" }, actions: [edit("Dockerfile", "FROM python:3.12-slimm", "FROM python:latest")] },
    { description: "Python 3.7: pip cannot install flask==3.0.3 on it", because: { fires: "DF009" }, actions: [replaceLine("Dockerfile", 1, "FROM python:3.7-slim")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
