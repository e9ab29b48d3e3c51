import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { stateOf } from "./states.js";
import { workflowJobsKept } from "./workflow-runs.js";

const CI = ".github/workflows/ci.yml";
const workflow = (setup: string) =>
  `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        python: ["3.11", "3.12"]\n    steps:\n      - uses: actions/checkout@v4\n${setup}      - run: python -m pytest\n`;
const SETUP = "      - uses: actions/setup-python@v5\n        with:\n          python-version: ${{ matrix.python }}\n";
const state = (setup: string) => stateOf(repositoryFrom({ [CI]: workflow(setup) }));

describe("workflowJobsKept on the runtimes a broken setup step meant", () => {
  const broken = state(SETUP.replace("- uses:", "- use:"));
  const judged = (setup: string) => workflowJobsKept.check({ initial: broken, base: state(SETUP), current: state(setup) }).map((v) => v.message);

  it("flags the broken setup step deleted: the matrix's versions are no longer installed", () => {
    expect(judged("").join("\n")).toContain("job 'test' no longer runs on");
  });

  it("accepts the step repaired", () => {
    expect(judged(SETUP).filter((m) => m.includes("no longer runs on"))).toEqual([]);
  });
});
