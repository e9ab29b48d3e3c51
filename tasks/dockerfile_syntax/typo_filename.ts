import { addLine, deleteLine, edit, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const typoFilename: ScenarioSource = {
  id: "typo_filename",
  task_id: "dockerfile_syntax",
  title: "Bookmarks API: docker build fails at a COPY step",
  difficulty: "easy",
  description: "The COPY of the dependency list names requirments.txt; the build context has requirements.txt.",
  base: "flask-api",
  faults: [{ file: "Dockerfile", replace: "COPY requirements.txt .", with: "COPY requirments.txt ." }],
  issues: [
    {
      id: "copy-source-misspelt",
      description: "COPY requirments.txt . names a file that is not in the build context (requirements.txt is).",
      hint: "Compare the file the failing COPY names with the files the repository actually has.",
      stage: "build",
      detection: [{ code: "DF004", file: "Dockerfile" }],
    },
  ],
  solution: [edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt .")],
  alternatives: [
    { description: "replace the line, copying into ./ explicitly", actions: [replaceLine("Dockerfile", 8, "COPY requirements.txt ./")] },
    {
      description: "a patch that copies to the absolute working directory",
      actions: [
        patch(`--- a/Dockerfile
+++ b/Dockerfile
@@ -7,3 +7,3 @@
 
-COPY requirments.txt .
+COPY requirements.txt /app/
 RUN pip install --no-cache-dir --upgrade pip \\
`),
      ],
    },
  ],
  wrong: [
    { description: "a wildcard that matches nothing: COPY succeeds, pip then finds no requirements file", because: { fires: "DF009" }, actions: [edit("Dockerfile", "COPY requirments.txt .", "COPY requirments.txt* ./")] },
    { description: "delete the COPY: pip install -r finds no file", because: { fires: "DF009" }, actions: [deleteLine("Dockerfile", 8)] },
    {
      description: "create the misspelt file: the COPY passes but requirements.txt is still missing for pip",
      because: { fires: "DF009" },
      actions: [edit("requirments.txt", "", "flask==3.0.3\n")],
    },
    { description: "a hadolint pragma above the COPY", because: { fires: "DF004" }, actions: [addLine("Dockerfile", 8, "# hadolint ignore=DL3021")] },
    { description: "the COPY fixed and WORKDIR deleted: the image no longer works where it was built to", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "WORKDIR /app\n", ""), edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt .")] },
    { description: "the COPY fixed and Flask told to bind 127.0.0.1: published ports never reach it", because: { fires: "DF109" }, actions: [edit("app.py", "host=\"0.0.0.0\"", "host=\"127.0.0.1\""), edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt .")] },
    { description: "the COPY fixed and the Python ENV settings deleted", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "ENV PYTHONDONTWRITEBYTECODE=1 \\\n    PYTHONUNBUFFERED=1\n", ""), edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt .")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
