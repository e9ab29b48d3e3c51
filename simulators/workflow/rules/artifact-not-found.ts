/** GHA110: a job downloads an artifact that no job it `needs` (nor an earlier step of its own) uploaded. */
import { workflowRule } from "../events.js";
import { CI, workflowCase } from "./cases.js";

const workflow = (needs: string): string =>
  `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: mkdir -p dist && echo hi > dist/index.html\n      - uses: actions/upload-artifact@v4\n        with:\n          name: site\n          path: dist\n  deploy:\n${needs}    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/download-artifact@v4\n        with:\n          name: site\n`;

const GLOB = /[*?[\]{}]/;

export const artifactNotFound = workflowRule({
  code: "GHA110",
  name: "artifact-not-found",
  stage: "build",
  summary: "download-artifact runs in a job that does not `needs` the job uploading that artifact",
  severity: "error",
  phase: "run",
  on: {
    "artifact-download"(e, ctx) {
      if (e.foreign || e.name === "" || e.available.includes(e.name) || GLOB.test(e.name)) return;
      // A reusable workflow it needs (or the caller of this one) may have uploaded it: not known either way.
      if (e.unseenUploads) return ctx.undecided();
      const lines = [
        `Error: Unable to download artifact(s): Artifact not found for name: ${e.name}`,
        "        Please ensure that your artifact is not expired and the artifact was uploaded using a compatible version of toolkit/upload-artifact.",
        "        For more information, visit the GitHub Artifacts FAQ: https://github.com/actions/toolkit/blob/main/packages/artifact/docs/faq.md",
      ];
      ctx.report(e.at, lines[0]!.replace(/^Error: /, ""), { output: lines });
    },
  },
  cases: {
    valid: [workflowCase(workflow("    needs: build\n"))],
    invalid: [workflowCase(workflow(""), { file: CI, line: 16, message: "Unable to download artifact(s): Artifact not found for name: site" })],
  },
});
