/**
 * GHA011: a step's `uses:` that is not an action reference GitHub can resolve: `{owner}/{repo}[/path]@ref`,
 * a local `./path`, this repository's `$/path`, or `docker://image`. A missing `@ref` is the usual slip.
 * Likewise a job's `uses:` that is not a reusable workflow GitHub can find:
 * `{owner}/{repo}/.github/workflows/{file}@{ref}`, `./.github/workflows/{file}` or `$/.github/workflows/{file}`.
 * GitHub's server refuses both before any job starts.
 *
 * `$/` is GitHub's self-repository reference: the file at the commit the workflow itself runs from, with no
 * checkout and no `@ref` (the commit is the ref; linters that know the form refuse one written after it).
 * astral-sh/ruff's release.yml calls its build workflows that way.
 */
import { jobsOf } from "../model.js";
import { workflowRule } from "../events.js";
import { asScalar, get, scalarText } from "../source.js";
import { nodeAt } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

const REMOTE = /^[^/@\s]+\/[^/@\s]+(\/[^@\s]+)?@[^@\s]+$/;
/** `$/path`: a file of this repository at the workflow's own commit, which is why it takes no `@ref`. */
const SELF = /^\$\/[^@\s]+$/;

export function isActionReference(uses: string): boolean {
  return uses.startsWith("./") || uses.startsWith("docker://") || SELF.test(uses) || REMOTE.test(uses);
}

const WORKFLOW_PATH = /^\.github\/workflows\/[^/]+\.ya?ml$/;
const INVALID_WORKFLOW = "invalid value workflow reference: ";

/** GitHub's refusal of a job's reusable-workflow reference, or null when GitHub can resolve it. */
export function workflowReferenceProblem(uses: string): string | null {
  if (uses.startsWith("./") || SELF.test(uses)) return WORKFLOW_PATH.test(uses.slice(2)) ? null : `${INVALID_WORKFLOW}references to workflows must be rooted in '.github/workflows'`;
  const at = uses.indexOf("@");
  const parts = (at < 0 ? uses : uses.slice(0, at)).split("/");
  if (parts.length < 3 || parts[0] === "" || parts[1] === "") {
    return `${INVALID_WORKFLOW}references to workflows must be prefixed with format 'owner/repository/' or './' for local workflows`;
  }
  if (!WORKFLOW_PATH.test(parts.slice(2).join("/"))) return `${INVALID_WORKFLOW}references to workflows must be rooted in '.github/workflows'`;
  if (at < 0 || at === uses.length - 1) return `${INVALID_WORKFLOW}no version specified`;
  return null;
}

export const actionReference = workflowRule({
  code: "GHA011",
  name: "action-reference",
  summary: "A step's `uses` is not `{owner}/{repo}[/path]@ref`, `./path` or `docker://image`, or a job's is not a reusable workflow's reference",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: {
    "workflow-parsed"(e, ctx) {
      if (!e.readable) return ctx.undecided();
      for (const job of jobsOf(e.source)) {
        const called = asScalar(get(job.map, "uses", e.source.doc));
        const workflow = scalarText(called);
        const problem = called && workflow !== "" && !workflow.includes("${{") ? workflowReferenceProblem(workflow) : null;
        if (problem) ctx.report(nodeAt(e, called), problem);
        for (const step of job.steps) {
          const node = asScalar(get(step.map, "uses", e.source.doc));
          const uses = scalarText(node);
          if (!node || uses === "" || uses.includes("${{") || isActionReference(uses)) continue;
          ctx.report(nodeAt(e, node), `Expected format {org}/{repo}[/path]@ref. Actual '${uses}'`);
        }
      }
    },
  },
  cases: {
    valid: [
      workflowCase(
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: ./.github/actions/setup\n      - uses: $/.github/actions/setup\n      - uses: docker://alpine:3.20\n      - uses: github/codeql-action/init@v3\n",
        { files: { ".github/actions/setup/action.yml": "name: setup\nruns:\n  using: composite\n  steps:\n    - run: echo\n      shell: bash\n" } },
      ),
      workflowCase("on: push\njobs:\n  remote:\n    uses: octo/ci/.github/workflows/build.yml@v1\n  local:\n    uses: ./.github/workflows/build.yml\n  self:\n    uses: $/.github/workflows/build.yml\n", {
        files: { ".github/workflows/build.yml": "on: workflow_call\njobs:\n  b:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n" },
      }),
    ],
    invalid: [
      workflowCase("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout\n", {
        file: CI,
        line: 6,
        message: "Expected format {org}/{repo}[/path]@ref. Actual 'actions/checkout'",
      }),
      // A self-repository reference names the commit already: a ref after it is not a reference GitHub reads.
      workflowCase("on: push\njobs:\n  call:\n    uses: $/.github/workflows/build.yml@main\n", {
        file: CI,
        line: 4,
        message: "invalid value workflow reference: references to workflows must be rooted in '.github/workflows'",
      }),
      workflowCase("on: push\njobs:\n  call:\n    uses: $/build.yml\n", {
        file: CI,
        line: 4,
        message: "invalid value workflow reference: references to workflows must be rooted in '.github/workflows'",
      }),
      workflowCase("on: push\njobs:\n  call:\n    uses: octo/ci/build.yml@v1\n", {
        file: CI,
        line: 4,
        message: "invalid value workflow reference: references to workflows must be rooted in '.github/workflows'",
      }),
      workflowCase("on: push\njobs:\n  call:\n    uses: build.yml\n", {
        file: CI,
        line: 4,
        message: "invalid value workflow reference: references to workflows must be prefixed with format 'owner/repository/' or './' for local workflows",
      }),
      workflowCase("on: push\njobs:\n  call:\n    uses: octo/ci/.github/workflows/build.yml\n", {
        file: CI,
        line: 4,
        message: "invalid value workflow reference: no version specified",
      }),
    ],
  },
});
