/** GHA110: a job downloads an artifact that no job it `needs` (nor an earlier step of its own) uploaded. */
import { runRule } from "../rule-base.js";
import { CI, workflowCase } from "./cases.js";

const workflow = (needs: string): string =>
  `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: mkdir -p dist && echo hi > dist/index.html\n      - uses: actions/upload-artifact@v4\n        with:\n          name: site\n          path: dist\n  deploy:\n${needs}    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/download-artifact@v4\n        with:\n          name: site\n`;

export const artifactNotFound = runRule({
  code: "GHA110",
  name: "artifact-not-found",
  stage: "build",
  summary: "download-artifact runs in a job that does not `needs` the job uploading that artifact",
  cases: {
    valid: [workflowCase(workflow("    needs: build\n"))],
    invalid: [workflowCase(workflow(""), { file: CI, line: 16, message: "Unable to download artifact(s): Artifact not found for name: site" })],
  },
});
