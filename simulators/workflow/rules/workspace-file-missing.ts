/**
 * GHA101: a build step reads a file the job's workspace does not have: `docker build` before
 * `actions/checkout` (the workspace is empty until then), a build context or Dockerfile path that is not
 * in the repository, `npm ci` without a package.json.
 */
import { runRule } from "../rule-base.js";
import { APP_FILES, CI, workflowCase } from "./cases.js";
import { CHECKOUT, jobWith } from "./run-cases.js";

export const workspaceFileMissing = runRule({
  code: "GHA101",
  name: "workspace-file-missing",
  stage: "build",
  summary: "A build step reads a file or directory the job's workspace does not have (no checkout yet, wrong path)",
  cases: {
    valid: [
      workflowCase(jobWith(`${CHECKOUT}      - run: docker build -t app .\n`), { files: APP_FILES }),
      workflowCase(jobWith("      - uses: docker/build-push-action@v6\n        with:\n          tags: app:latest\n"), { files: APP_FILES }),
    ],
    invalid: [
      workflowCase(jobWith(`      - run: docker build -t app .\n${CHECKOUT}`), {
        files: APP_FILES,
        file: CI,
        line: 6,
        message: "ERROR: failed to build: failed to solve: failed to read dockerfile: open Dockerfile: no such file or directory",
      }),
      workflowCase(jobWith(`${CHECKOUT}      - uses: docker/build-push-action@v6\n        with:\n          context: ./backend\n          file: ./Dockerfile\n`), {
        files: APP_FILES,
        file: CI,
        message: 'unable to prepare context: path "./backend" not found',
      }),
      workflowCase(jobWith("      - run: npm ci\n"), { files: { "package.json": "{}" }, file: CI, line: 6, message: "npm error code ENOENT" }),
    ],
  },
});
