/**
 * DF111: the app needs its entrypoint script to have run first (it prepares the database), so a container that
 * starts the app directly serves errors. Catches "fixing" an entrypoint by bypassing it.
 */
import { dockerRule } from "../events.js";
import { PROCESS_OUTPUT } from "../process-output.js";
import { headline } from "../start-outcome.js";

export const appSetupSkipped = dockerRule({
  code: "DF111",
  name: "app-setup-skipped",
  summary: "The container's process must run the app's set-up script (its entrypoint) before the app",
  stage: "runtime",
  severity: "error",
  phase: "setup",
  needs: ["world", "context"],
  on: {
    "app-start"(e, ctx) {
      const skipped = e.app.setup.find((script) => !e.ran.has(script));
      if (skipped === undefined) return;
      const lines = PROCESS_OUTPUT[e.language].setupSkipped(skipped, e.imagePath);
      ctx.report({ line: e.line }, headline(lines), { output: lines });
    },
  },
  cases: {
    valid: [
      {
        files: {
          Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nRUN chmod +x entrypoint.sh\nENTRYPOINT [\"/app/entrypoint.sh\"]\nCMD [\"python\", \"app.py\"]\n",
          "entrypoint.sh": "#!/bin/sh\nset -e\npython init_db.py\nexec \"$@\"\n",
          "app.py": "",
          "init_db.py": "",
        },
        world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, setup: ["entrypoint.sh"] }] },
      },
    ],
    invalid: [
      {
        files: {
          Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nCMD [\"python\", \"app.py\"]\n",
          "entrypoint.sh": "#!/bin/sh\nset -e\npython init_db.py\nexec \"$@\"\n",
          "app.py": "",
          "init_db.py": "",
        },
        world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000, setup: ["entrypoint.sh"] }] },
        line: 4,
        message: "no such table",
      },
    ],
  },
});
