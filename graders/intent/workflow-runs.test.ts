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

describe("workflowJobsKept on matrix legs judged by the toolchain their setup action installs", () => {
  const nodeCi = (versions: string, gate = "") =>
    `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        node: ${versions}\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with:\n          node-version: \${{ matrix.node }}\n      - run: echo installed\n${gate}      - run: echo tested\n`;
  const nodeState = (versions: string, gate = "") => stateOf(repositoryFrom({ [CI]: nodeCi(versions, gate) }));
  const judged = (current: ReturnType<typeof nodeState>) =>
    workflowJobsKept.check({ initial: nodeState("[14, 18, 20, 22]"), base: nodeState("[18, 20, 22]"), current }).map((v) => v.message);

  it("accepts `18.x` for `18`: setup-node installs the same Node 18", () => {
    expect(judged(nodeState("[18.x, 20.x, 22.x]"))).toEqual([]);
  });

  it("flags a leg whose Node really changed, named as written", () => {
    const messages = judged(nodeState("[20.x, 22.x]"));
    expect(messages).toContain(`${CI}: job 'test' no longer runs its matrix leg node=18`);
    expect(messages).toContain(`${CI}: job 'test' no longer runs on Node 18`);
  });

  it("still sees a step switched off on a leg renamed `test (18.x)`", () => {
    const messages = judged(nodeState("[18.x, 20.x, 22.x]", "      - if: matrix.node != '18.x'\n        run: echo skipped\n"));
    expect(messages).toEqual([]);
    const skipped = judged(stateOf(repositoryFrom({ [CI]: nodeCi("[18.x, 20.x, 22.x]").replace("      - run: echo tested\n", "      - if: matrix.node != '18.x'\n        run: echo tested\n") })));
    expect(skipped.join("\n")).toContain("step 'Run echo tested' of job 'test' no longer runs");
  });

  it("accepts the matrix key renamed with the expression that reads it, and still flags a leg dropped in the rename", () => {
    const renamed = (versions: string) => stateOf(repositoryFrom({ [CI]: nodeCi(versions).replace("        node: ", "        node-version: ").replace("matrix.node }}", "matrix.node-version }}") }));
    expect(judged(renamed("[18, 20, 22]"))).toEqual([]);
    expect(judged(renamed("[20, 22]"))).toContain(`${CI}: job 'test' no longer runs its matrix leg node=18`);
  });

  it("accepts `3.12.x` for `3.12` on setup-python, and flags 3.11 dropped", () => {
    const py = (versions: string) => stateOf(repositoryFrom({ [CI]: workflow(SETUP).replace('["3.11", "3.12"]', versions) }));
    const check = (versions: string) => workflowJobsKept.check({ initial: py('["3.10", "3.11", "3.12"]'), base: py('["3.11", "3.12"]'), current: py(versions) }).map((v) => v.message);
    expect(check('["3.11.x", "3.12.x"]')).toEqual([]);
    expect(check('["3.12.x"]')).toContain(`${CI}: job 'test' no longer runs its matrix leg python=3.11`);
  });
});
