/**
 * `exit $?` or `exit $rc` after a command the runner does not model: bash exits with that command's status,
 * which is not known here. GHA116 is undecided there (it was "exit code 2", bash's answer to a non-numeric
 * argument), and a failure the runner does see before it is still the step's.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { checkKey } from "../../simulation.js";
import { parseWorld } from "../../world.js";
import { CI } from "../rules/cases.js";
import { workflowSimulator } from "../simulator.js";

const script = (lines: string): string =>
  `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: |\n${lines
    .split("\n")
    .map((l) => `          ${l}`)
    .join("\n")}\n`;

function simulate(lines: string) {
  const r = workflowSimulator.simulate(repositoryFrom({ [CI]: script(lines), "README.md": "hi\n" }), parseWorld({}), { worldKnown: true });
  return { findings: r.diagnostics.map((d) => `${d.code} ${d.message}`), undecided: r.undecided.has(checkKey("GHA116", CI)) };
}

describe("exit with a status the runner cannot read", () => {
  it("is undecided, not exit code 2", () => {
    for (const lines of ["set +e\nssh ci@host ./run-tests\nrc=$?\necho done\nexit $rc", "go test ./...\nexit $?", "true; exit $?"]) {
      expect(simulate(lines), lines).toEqual({ findings: [], undecided: true });
    }
  });

  it("leaves a failure the runner saw before it as the step's", () => {
    expect(simulate("cat missing.txt || exit $?").findings).toEqual(["GHA101 cat: missing.txt: No such file or directory"]);
  });

  it("still decides an exit with a status it can read", () => {
    expect(simulate("rc=3\nexit $rc")).toEqual({ findings: ["GHA116 Process completed with exit code 3."], undecided: false });
  });

  it("leaves a step's exit undecided when its if: reads an exit code the run cannot know (terraform's equivalence-test-diff)", () => {
    const steps = (written: string) =>
      `on: push\njobs:\n  diff:\n    runs-on: ubuntu-latest\n    steps:\n      - id: diff\n        shell: bash {0}\n        run: |\n          ./bin/equivalence-tests diff\n          echo "exit-code=${written}" >> "$GITHUB_OUTPUT"\n      - if: steps.diff.outputs.exit-code == 1\n        run: exit 1\n`;
    const run = (written: string) => {
      const r = workflowSimulator.simulate(repositoryFrom({ [CI]: steps(written) }), parseWorld({}), { worldKnown: true });
      return { findings: r.diagnostics.map((d) => `${d.code} ${d.message}`), undecided: r.undecided.has(checkKey("GHA116", CI)) };
    };
    expect(run("$?")).toEqual({ findings: [], undecided: true });
    // The same gate over a value the run knows: the step runs, and its exit fails the job.
    expect(run("1")).toEqual({ findings: ["GHA116 Process completed with exit code 1."], undecided: false });
  });
});
