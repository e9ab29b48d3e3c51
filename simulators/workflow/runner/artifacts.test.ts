/**
 * download-artifact's `pattern:` as minimatch reads it: what it selects lands where the job reads it, a
 * pattern it cannot follow (braces) leaves the files unknown rather than missing, and no pattern stalls or
 * throws.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { parseWorld } from "../../world.js";
import { runWorkflow } from "../simulator.js";

function run(pattern: string, artifact = "coverage-linux") {
  const workflow = `on: push
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: mkdir -p out && echo covered > out/coverage.txt
      - uses: actions/upload-artifact@v4
        with:
          name: ${artifact}
          path: out/coverage.txt
  report:
    needs: test
    runs-on: ubuntu-latest
    steps:
      - uses: actions/download-artifact@v4
        with:
          pattern: ${JSON.stringify(pattern)}
      - run: cat ${artifact}/coverage.txt
`;
  const result = runWorkflow(repositoryFrom({ ".github/workflows/ci.yml": workflow }), parseWorld({}), ".github/workflows/ci.yml")!;
  return { jobs: result.jobs.map((j) => [j.id, j.status]), codes: result.failures.map((f) => f.rule.code) };
}

describe("download-artifact's pattern", () => {
  it("extracts what it matches into a directory per artifact", () => {
    expect(run("coverage-*")).toEqual({ jobs: [["test", "success"], ["report", "success"]], codes: [] });
    expect(run("coverage-[a-z]*")).toEqual({ jobs: [["test", "success"], ["report", "success"]], codes: [] });
  });

  it("extracts nothing it does not match, so the file the job reads is missing", () => {
    expect(run("report-*")).toEqual({ jobs: [["test", "success"], ["report", "failure"]], codes: ["GHA101"] });
    expect(run("!coverage-*").codes).toEqual(["GHA101"]);
  });

  it("leaves what a brace pattern extracts unknown, never missing", () => {
    expect(run("{coverage,report}-*")).toEqual({ jobs: [["test", "success"], ["report", "success"]], codes: [] });
  });

  it("reads `a[` as a literal, and matches a backtracking pattern against a long name in linear time", () => {
    expect(run("a[").codes).toEqual(["GHA101"]);
    const started = performance.now();
    expect(run("*a*a*a*a*a*a*b*", "a".repeat(2000)).codes).toEqual(["GHA101"]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
