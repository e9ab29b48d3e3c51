import { addLine, deleteLine, edit, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const entrypointNotExecutable: ScenarioSource = {
  id: "entrypoint_not_executable",
  task_id: "dockerfile_runtime",
  title: "Inventory API: the container does not start",
  difficulty: "medium",
  description: "entrypoint.sh is committed without its execute bit (mode 100644), so runc cannot exec /entrypoint.sh.",
  base: "inventory-api",
  faults: [{ file: "entrypoint.sh", mode: 0o644 }],
  issues: [
    {
      id: "entrypoint-not-executable",
      description: "/entrypoint.sh has mode 644 in the image: exec fails with permission denied.",
      hint: "Look at file_modes: the script the container starts must be executable in the image.",
      stage: "runtime",
      detection: [{ code: "DF102", file: "Dockerfile" }],
    },
  ],
  solution: [addLine("Dockerfile", 9, "RUN chmod +x /entrypoint.sh")],
  alternatives: [
    { description: "set the mode while copying", actions: [replaceLine("Dockerfile", 8, "COPY --chmod=755 entrypoint.sh /entrypoint.sh")] },
    { description: "commit the file as executable", actions: [patch("diff --git a/entrypoint.sh b/entrypoint.sh\nold mode 100644\nnew mode 100755\n")] },
    { description: "run the script through sh", actions: [replaceLine("Dockerfile", 9, 'ENTRYPOINT ["sh", "/entrypoint.sh"]')] },
  ],
  wrong: [
    { description: "chmod the copy in /app, not /entrypoint.sh", because: { fires: "DF102" }, actions: [addLine("Dockerfile", 9, "RUN chmod +x entrypoint.sh")] },
    { description: "chmod before the file is copied", because: { fires: "DF009" }, actions: [addLine("Dockerfile", 8, "RUN chmod +x /entrypoint.sh")] },
    { description: "drop the ENTRYPOINT: the database is never initialised", because: { fires: "DF111" }, actions: [deleteLine("Dockerfile", 9)] },
    { description: "executable by its owner only, root, while the container runs as nobody", because: { fires: "DF102" }, actions: [edit("Dockerfile", "COPY entrypoint.sh /entrypoint.sh\n", "COPY --chmod=700 entrypoint.sh /entrypoint.sh\nUSER nobody\n")] },
    { description: "made executable, with the database set-up deleted from the script", because: { fires: "DF111" }, actions: [edit("entrypoint.sh", "python init_db.py\n", ""), patch("diff --git a/entrypoint.sh b/entrypoint.sh\nold mode 100644\nnew mode 100755\n")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
