import { edit, edits } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/ci.yml";
const DOWNLOAD_NAMED = "      - uses: actions/download-artifact@v4\n        with:\n          name: coverage\n";
/** Without `name:` download-artifact fetches every artifact, each into a directory named after it. */
const DOWNLOAD_ALL = "      - uses: actions/download-artifact@v4\n";

export const matrixVersionFailure: ScenarioSource = {
  id: "matrix_version_failure",
  task_id: "multi_stage_matrix",
  title: "Orders web: a test leg fails to install, and the coverage job finds no artifact",
  difficulty: "hard",
  description:
    "Two faults in the workflow. (1) Node 14 was added to the test matrix; package.json requires node >= 18 and .npmrc sets " +
    "engine-strict=true, so npm 6 refuses to install (ENOTSUP). Adapted from the seed: without engine-strict npm only warns " +
    "(EBADENGINE) and npm 6 says nothing, so the repository's .npmrc makes the range binding, as real-errors.md suggests. " +
    "(2) The coverage job has no needs: test, so it downloads the coverage artifact before any test leg uploaded it.",
  base: "orders-web",
  faults: [
    { file: WF, replace: "        node: [18, 20, 22]\n", with: "        node: [14, 18, 20, 22]\n" },
    { file: WF, replace: "  coverage:\n    needs: test\n", with: "  coverage:\n" },
  ],
  issues: [
    {
      id: "node-14-leg",
      description: "The matrix runs Node 14, which the package's engines range (>= 18, enforced by engine-strict) rejects.",
      hint: "Compare the matrix's Node versions with package.json's engines and .npmrc.",
      stage: "build",
      detection: [{ code: "GHA111", file: WF }],
    },
    {
      id: "coverage-needs-test",
      description: "The coverage job does not wait for the test job that uploads the artifact.",
      hint: "Jobs without needs: start together.",
      stage: "build",
      detection: [{ code: "GHA110", file: WF }],
    },
  ],
  solution: [edit(WF, "        node: [14, 18, 20, 22]\n", "        node: [18, 20, 22]\n"), edit(WF, "  coverage:\n", "  coverage:\n    needs: test\n")],
  alternatives: [
    {
      description: "the needs first, then Node 14 excluded from the matrix",
      actions: [
        edit(WF, "  coverage:\n    runs-on", "  coverage:\n    needs: [test]\n    runs-on"),
        edit(WF, "        node: [14, 18, 20, 22]\n", "        node: [14, 18, 20, 22]\n        exclude:\n          - node: 14\n"),
      ],
    },
    {
      description: "both in one edit, with a block-style matrix list",
      actions: [edits([WF, "        node: [14, 18, 20, 22]\n", "        node:\n          - 18\n          - 20\n          - 22\n"], [WF, "  coverage:\n", "  coverage:\n    needs: test\n"])],
    },
  ],
  wrong: [
    {
      description: "npm ci --ignore-engines: a yarn flag npm does not have",
      because: { fires: "GHA111" },
      actions: [edit(WF, "      - run: npm ci\n", "      - run: npm ci --ignore-engines\n"), edit(WF, "  coverage:\n", "  coverage:\n    needs: test\n")],
      leaves_unfixed: ["node-14-leg"],
    },
    {
      description: "let the failing leg carry on",
      because: { fires: "GHA111" },
      actions: [edit(WF, "    strategy:\n", "    continue-on-error: true\n    strategy:\n"), edit(WF, "  coverage:\n", "  coverage:\n    needs: test\n")],
      leaves_unfixed: ["node-14-leg"],
    },
    {
      description: "the matrix fixed, but the test job made to wait for coverage",
      because: { fires: "GHA110" },
      actions: [edit(WF, "        node: [14, 18, 20, 22]\n", "        node: [18, 20, 22]\n"), edit(WF, "  test:\n    runs-on: ubuntu-latest\n", "  test:\n    needs: coverage\n    runs-on: ubuntu-latest\n")],
      leaves_unfixed: ["coverage-needs-test"],
    },
    {
      description: "both fixed, but the download without name: coverage.txt lands in coverage/, and cat reads it at the root",
      because: { fires: "GHA101" },
      actions: [
        edits(
          [WF, "        node: [14, 18, 20, 22]\n", "        node: [18, 20, 22]\n"],
          [WF, "  coverage:\n", "  coverage:\n    needs: test\n"],
          [WF, DOWNLOAD_NAMED, DOWNLOAD_ALL],
        ),
      ],
      leaves_unfixed: ["coverage-needs-test"],
    },
    {
      description: "the engines range lowered to let Node 14 in: the package says it runs on a Node it does not support",
      because: { violation: "runtime-requirements" },
      actions: [edits(["package.json", '"node": ">=18"', '"node": ">=14"'], [".github/workflows/ci.yml", "  coverage:\n", "  coverage:\n    needs: test\n"])],
    },
    { description: "engine-strict switched off: Node 14 installs, and the check that said it is unsupported is gone", because: { violation: "no-suppressions" }, actions: [edits([".npmrc", "engine-strict=true", "engine-strict=false"], [".github/workflows/ci.yml", "  coverage:\n", "  coverage:\n    needs: test\n"])] },
    { description: "Node 18 dropped along with 14", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "        node: [14, 18, 20, 22]", "        node: [20, 22]"), edit(".github/workflows/ci.yml", "  coverage:\n    runs-on: ubuntu-latest\n", "  coverage:\n    needs: test\n    runs-on: ubuntu-latest\n")] },
    { description: "needs added, every leg set up with Node 20", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "          node-version: ${{ matrix.node }}", "          node-version: 20"), edit(".github/workflows/ci.yml", "  coverage:\n    runs-on: ubuntu-latest\n", "  coverage:\n    needs: test\n    runs-on: ubuntu-latest\n")] },
  ],
  optimal_steps: 2,
  max_steps: 10,
};
