import { addLine, edit, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const missingFromInstruction: ScenarioSource = {
  id: "missing_from_instruction",
  task_id: "dockerfile_syntax",
  title: "Bookmarks API: docker build finds no build stage",
  difficulty: "easy",
  description: "The Dockerfile lost its FROM line; BuildKit fails with no build stage in current context.",
  base: "flask-api",
  faults: [{ file: "Dockerfile", replace: "FROM python:3.12-slim\n", with: "" }],
  issues: [
    {
      id: "from-missing",
      description: "There is no FROM before the first instruction.",
      hint: "Every build stage starts with FROM <image>. What do the app's files and the later instructions need the image to have?",
      stage: "build",
      detection: [{ code: "DF001", file: "Dockerfile" }],
    },
  ],
  solution: [addLine("Dockerfile", 1, "FROM python:3.12-slim")],
  alternatives: [
    { description: "another Python base, written as an edit", actions: [edit("Dockerfile", "\nENV PYTHONDONTWRITEBYTECODE=1", "FROM python:3.12-slim-bookworm\n\nENV PYTHONDONTWRITEBYTECODE=1")] },
    {
      description: "a named stage, as a patch",
      actions: [patch("--- a/Dockerfile\n+++ b/Dockerfile\n@@ -1,2 +1,3 @@\n+FROM python:3.11-slim AS runtime\n \n ENV PYTHONDONTWRITEBYTECODE=1 \\\n")],
    },
  ],
  wrong: [
    { description: "FROM after other instructions", because: { fires: "DF001" }, actions: [edit("Dockerfile", "WORKDIR /app", "FROM python:3.12-slim\nWORKDIR /app")] },
    { description: "FROM scratch: RUN finds no shell", because: { fires: "DF009" }, actions: [addLine("Dockerfile", 1, "FROM scratch")] },
    { description: "an image without pip", because: { fires: "DF009" }, actions: [addLine("Dockerfile", 1, "FROM node:20-slim")] },
    { description: "a FROM without a tag: it builds, on whatever Python latest is that day", because: { violation: "base-image-pins" }, actions: [addLine("Dockerfile", 1, "FROM python")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
