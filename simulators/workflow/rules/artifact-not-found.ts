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
      // A name an unmodelled action chose (the download's, or an upload's) is only a placeholder here.
      if (e.selectionUnknown) return ctx.undecided();
      const lines = [
        `Error: Unable to download artifact(s): Artifact not found for name: ${e.name}`,
        "        Please ensure that your artifact is not expired and the artifact was uploaded using a compatible version of toolkit/upload-artifact.",
        "        For more information, visit the GitHub Artifacts FAQ: https://github.com/actions/toolkit/blob/main/packages/artifact/docs/faq.md",
      ];
      ctx.report(e.at, lines[0]!.replace(/^Error: /, ""), { output: lines });
    },
  },
  cases: {
    valid: [
      workflowCase(workflow("    needs: build\n")),
      // grafana/k6's build.yml: the signed binary's artifact is named by the signing action's output.
      workflowCase(
        "on: push\njobs:\n  sign:\n    runs-on: ubuntu-latest\n    steps:\n      - id: sign\n        uses: grafana/shared-workflows/actions/azure-trusted-signing@v1\n      - uses: actions/download-artifact@v4\n        with:\n          name: ${{ steps.sign.outputs.artifact-name }}\n          path: dist\n      - run: cd dist && sha256sum * > checksums.txt\n",
        { lint: true, name: "a name an unmodelled action chose (undecided), and the directory it fills" },
      ),
      workflowCase(
        "on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - id: name\n        uses: acme/artifact-name@v1\n      - run: echo hi > site.txt\n      - uses: actions/upload-artifact@v4\n        with:\n          name: ${{ steps.name.outputs.name }}\n          path: site.txt\n  deploy:\n    needs: build\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/download-artifact@v4\n        with:\n          name: site\n",
        { lint: true, name: "an upload named by an unmodelled action's output may be the one asked for (undecided)" },
      ),
    ],
    invalid: [
      workflowCase(workflow(""), { file: CI, line: 16, message: "Unable to download artifact(s): Artifact not found for name: site" }),
      workflowCase(workflow("    needs: build\n").replace(/name: site\n$/, "name: site-\${{ github.sha }}\n"), {
        file: CI,
        line: 17,
        name: "a name the run knows that no upload has",
        message: "Artifact not found for name: site-4f6a1d9c",
      }),
    ],
  },
});
