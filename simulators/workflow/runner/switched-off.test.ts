/**
 * A job switched off as a whole (its `if:` false here, as `github.repository == 'upstream/repo'` is on a fork or
 * in lint) is still walked to say, softly, what would fail were it on. Its steps follow one another as in a real
 * run: a checkout's files are there for the `make` or `cd` after it, so only a real fault is reported.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { parseWorld } from "../../world.js";
import { CI } from "../rules/cases.js";
import { workflowSimulator } from "../simulator.js";

const offJob = (steps: string): string =>
  `on: push\njobs:\n  release:\n    if: github.event_name == 'release'\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;

const CHECKOUT = "      - uses: actions/checkout@v4\n";
const FILES = { Makefile: "generate:\n\tgo generate\n", "images/Makefile": "push:\n\techo push\n" };

function findings(workflow: string): string[] {
  const r = workflowSimulator.simulate(repositoryFrom({ [CI]: workflow, ...FILES }), parseWorld({}), { worldKnown: true });
  return r.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`);
}

describe("a switched-off job's steps", () => {
  it("see the files an earlier step checked out", () => {
    expect(findings(offJob(`${CHECKOUT}      - run: make generate\n      - run: cd images/ && make push\n`))).toEqual([]);
  });

  it("still warn of a read before the checkout", () => {
    expect(findings(offJob(`      - run: make generate\n${CHECKOUT}`))).toEqual(["warning GHA101 make: *** No rule to make target 'generate'.  Stop."]);
    expect(findings(offJob(`${CHECKOUT}      - run: cd deploy\n`))).toEqual([expect.stringMatching(/^warning GHA101 .*: line 1: cd: deploy: No such file or directory$/)]);
  });

  it("do not carry past a step whose own if: skips it", () => {
    expect(findings(offJob(`      - uses: actions/checkout@v4\n        if: github.event_name == 'pull_request'\n      - run: make generate\n`))).toHaveLength(1);
  });
});
