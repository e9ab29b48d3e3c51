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
});
