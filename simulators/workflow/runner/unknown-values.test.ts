/**
 * Values a run cannot know, and what is gated on them: a variable a script assigns only in a branch it does not
 * follow (grafana/k6's classify_release sets IS_LATEST_IN_MAJOR=true under `[[ $GITHUB_REF =~ ^refs/tags/v ]]`),
 * and what a PowerShell step writes to $GITHUB_OUTPUT. A step whose `if:` reads them may or may not run, so
 * what it would fail with is undecided; where the value is known the same step is still judged.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { checkKey } from "../../simulation.js";
import { parseWorld } from "../../world.js";
import { CI } from "../rules/cases.js";
import { workflowSimulator } from "../simulator.js";

const indent = (script: string) => script.split("\n").map((l) => `          ${l}`).join("\n");

/** A job whose `classify` step sets `latest`, and a step gated on it that fails whenever it runs. */
const gated = (script: string, shell = "bash") =>
  `on: push\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n      - id: classify\n        shell: ${shell}\n        run: |\n${indent(script)}\n      - if: steps.classify.outputs.latest == 'true'\n        run: exit 1\n`;

function simulate(workflow: string) {
  const r = workflowSimulator.simulate(repositoryFrom({ [CI]: workflow }), parseWorld({}), { worldKnown: true });
  return { errors: r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code), undecided: r.undecided.has(checkKey("GHA116", CI)) };
}

describe("a value the run cannot know gates a step", () => {
  it("an assignment in a branch the script does not follow leaves the variable unknown", () => {
    const script = 'LATEST=false\nif [[ "${GITHUB_REF}" =~ ^refs/tags/v.+$ ]]; then\n  LATEST=true\nfi\necho "latest=${LATEST}" >> ${GITHUB_OUTPUT}';
    expect(simulate(gated(script))).toEqual({ errors: [], undecided: true });
  });

  it("is still judged where the assignment is not in such a branch, or assigns what the variable held", () => {
    expect(simulate(gated('LATEST=false\nLATEST=true\necho "latest=${LATEST}" >> ${GITHUB_OUTPUT}'))).toEqual({ errors: ["GHA116"], undecided: false });
    const same = 'LATEST=true\nif [[ "${GITHUB_REF}" =~ ^refs/tags/ ]]; then\n  LATEST=true\nfi\necho "latest=${LATEST}" >> ${GITHUB_OUTPUT}';
    expect(simulate(gated(same))).toEqual({ errors: ["GHA116"], undecided: false });
  });

  it("what a PowerShell step writes to $GITHUB_OUTPUT is unknown, not empty", () => {
    expect(simulate(gated('echo "latest=true" >> ${env:GITHUB_OUTPUT}', "pwsh"))).toEqual({ errors: [], undecided: true });
  });
});
