import { addLine, edit, edits } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/ci.yml";
const DOWNLOAD_NAMED = "      - uses: actions/download-artifact@v4\n        with:\n          name: coverage\n";
/** Without `name:` download-artifact fetches every artifact, each into a directory named after it. */
const DOWNLOAD_ALL = "      - uses: actions/download-artifact@v4\n";

export const crossJobArtifact: ScenarioSource = {
  id: "cross_job_artifact",
  task_id: "multi_stage_matrix",
  title: "Orders web: the coverage job finds no coverage artifact",
  difficulty: "hard",
  description:
    "The coverage job downloads the 'coverage' artifact that the Node 20 leg of the test matrix uploads, but it has no needs: test, so it " +
    "starts at once, before any upload: 'Unable to download artifact(s): Artifact not found for name: coverage'.",
  base: "orders-web",
  faults: [{ file: WF, replace: "  coverage:\n    needs: test\n", with: "  coverage:\n" }],
  issues: [
    {
      id: "coverage-needs-test",
      description: "The downloading job does not wait for the job that uploads the artifact.",
      hint: "Jobs without needs: start together. Which job uploads 'coverage'?",
      stage: "build",
      detection: [{ code: "GHA110", file: WF }],
    },
  ],
  solution: [edit(WF, "  coverage:\n", "  coverage:\n    needs: test\n")],
  alternatives: [
    { description: "needs as a list, after runs-on", actions: [edit(WF, "  coverage:\n    runs-on: ubuntu-latest\n", "  coverage:\n    runs-on: ubuntu-latest\n    needs: [test]\n")] },
    { description: "a line that waits for the tests and the image", actions: [addLine(WF, 33, "    needs: [test, image]")] },
    { description: "the coverage job waits for the image job, which waits for the tests", actions: [edit(".github/workflows/ci.yml", "  coverage:\n    runs-on: ubuntu-latest\n", "  coverage:\n    needs: image\n    runs-on: ubuntu-latest\n")] },
  ],
  wrong: [
    { description: "the test job made to wait for coverage: the order is reversed", because: { fires: "GHA110" }, actions: [edit(WF, "  test:\n    runs-on: ubuntu-latest\n", "  test:\n    needs: coverage\n    runs-on: ubuntu-latest\n")] },
    { description: "a sleep before the download: nothing orders the jobs", because: { fires: "GHA110" }, actions: [edit(WF, "      - uses: actions/download-artifact@v4\n", "      - run: sleep 60\n      - uses: actions/download-artifact@v4\n")] },
    {
      description: "the name dropped so the download cannot miss: it downloads every artifact there is (none yet), and cat finds no coverage.txt",
      because: { fires: "GHA101" },
      actions: [edit(WF, DOWNLOAD_NAMED, DOWNLOAD_ALL)],
    },
    {
      description: "needs added, but the download without name: the file lands in coverage/coverage.txt, not where cat reads it",
      because: { fires: "GHA101" },
      actions: [edits([WF, "  coverage:\n", "  coverage:\n    needs: test\n"], [WF, DOWNLOAD_NAMED, DOWNLOAD_ALL])],
    },
    { description: "needs added, the upload's leg condition never true", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "      - if: matrix.node == 20\n", "      - if: matrix.node == 21\n"), edit(".github/workflows/ci.yml", "  coverage:\n    runs-on: ubuntu-latest\n", "  coverage:\n    needs: test\n    runs-on: ubuntu-latest\n")] },
    { description: "needs added, the coverage job limited to release events", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "  coverage:\n    runs-on: ubuntu-latest\n", "  coverage:\n    needs: test\n    if: github.event_name == 'release'\n    runs-on: ubuntu-latest\n")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
