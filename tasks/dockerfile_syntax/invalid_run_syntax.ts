import { deleteLine, edit, edits, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const invalidRunSyntax: ScenarioSource = {
  id: "invalid_run_syntax",
  task_id: "dockerfile_syntax",
  title: "Bookmarks API: the Dockerfile does not parse",
  difficulty: "easy",
  description: "The RUN that upgrades pip lost its trailing backslash, so the next line (&& pip install …) is read as an instruction.",
  base: "flask-api",
  faults: [{ file: "Dockerfile", replace: "--upgrade pip \\\n", with: "--upgrade pip\n" }],
  issues: [
    {
      id: "run-continuation-lost",
      description: "Line 9 does not end with \\, so line 10 starts a new instruction named &&.",
      hint: "A multi-line RUN needs a backslash at the end of every line but the last.",
      stage: "build",
      detection: [{ code: "DF002", file: "Dockerfile" }],
    },
  ],
  solution: [edit("Dockerfile", "--upgrade pip\n", "--upgrade pip \\\n")],
  alternatives: [
    {
      description: "split into two RUN instructions",
      actions: [edit("Dockerfile", "    && pip install --no-cache-dir -r requirements.txt", "RUN pip install --no-cache-dir -r requirements.txt")],
    },
    {
      description: "one RUN on one line, as a patch",
      actions: [
        patch(`--- a/Dockerfile
+++ b/Dockerfile
@@ -8,4 +8,3 @@
 COPY requirements.txt .
-RUN pip install --no-cache-dir --upgrade pip
-    && pip install --no-cache-dir -r requirements.txt
+RUN pip install --no-cache-dir --upgrade pip && pip install --no-cache-dir -r requirements.txt
 
`),
      ],
    },
  ],
  wrong: [
    {
      description: "make the orphaned line a RUN of its own, operator and all: sh rejects a list that starts with &&",
      because: { fires: "DF009" },
      actions: [edit("Dockerfile", "    && pip install --no-cache-dir -r requirements.txt", "RUN && pip install --no-cache-dir -r requirements.txt")],
    },
    { description: "delete the orphaned line: the dependencies are never installed", because: { fires: "DF107" }, actions: [deleteLine("Dockerfile", 10)] },
    {
      description: "the backslash at the end of the wrong line",
      because: { fires: "DF002" },
      actions: [edit("Dockerfile", "-r requirements.txt\n", "-r requirements.txt \\\n")],
    },
    {
      description: "a backslash at the start of the orphaned line",
      because: { fires: "DF002" },
      actions: [edits(["Dockerfile", "    && pip install", "\\ && pip install"])],
    },
    { description: "a RUN of its own whose failure is swallowed with || true", because: { violation: "no-suppressions" }, actions: [edit("Dockerfile", "    && pip install --no-cache-dir -r requirements.txt", "RUN pip install --no-cache-dir -r requirements.txt || true")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
