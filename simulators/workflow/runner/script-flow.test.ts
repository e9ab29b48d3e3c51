/**
 * Control flow in `run:` scripts as the runner follows it: function bodies run when called, loops over listed
 * words once per word, `exit` ends the script with its status, and what cannot be known stays conditional.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { parseWorld } from "../../world.js";
import { APP_FILES, CI } from "../rules/cases.js";
import { runWorkflow, workflowSimulator } from "../simulator.js";

const job = (script: string): string => `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: |\n${script.split("\n").map((l) => `          ${l}`).join("\n")}\n      - run: docker build -t after .\n`;

function run(script: string) {
  return runWorkflow(repositoryFrom({ [CI]: job(script), ...APP_FILES }), parseWorld({}), CI)!;
}
const tags = (script: string) => run(script).builds.flatMap((b) => b.tags);

describe("run: scripts' control flow", () => {
  it("runs a function's body only when it is called", () => {
    expect(tags("build() { docker build -t app:1 .; }")).toEqual(["after"]);
    expect(tags("build() {\n  docker build -t app:1 .\n}\nbuild\nbuild")).toEqual(["app:1", "app:1", "after"]);
  });

  it("runs a loop's body once per listed word, with the variable set", () => {
    expect(tags('for t in 1.0 latest; do docker build -t "app:$t" .; done')).toEqual(["app:1.0", "app:latest", "after"]);
    expect(tags('for t in; do docker build -t "app:$t" .; done')).toEqual(["after"]);
  });

  it("runs a loop over words it cannot know once, with an unknown value, as control flow not followed", () => {
    const r = run('for t in $(git tag); do docker build -t "app:$t" .; done');
    expect(r.builds).toHaveLength(2);
    expect(r.builds[0]!.tags[0]).toMatch(/^app:x/);
  });

  it("ends the script at an unconditional exit: 0 passes the step, N fails it with status N", () => {
    const passed = run("exit 0\ndocker build -t never .");
    expect(passed.builds.flatMap((b) => b.tags)).toEqual(["after"]);
    expect(passed.jobs[0]!.status).toBe("success");
    const failed = run("echo start\nexit 3\ndocker build -t never .");
    expect(failed.builds).toEqual([]);
    expect(failed.jobs[0]!.status).toBe("failure");
    expect(failed.failures.map((f) => f.rule.code)).toEqual(["GHA116"]);
    expect(failed.jobs[0]!.steps[1]!.log.at(-1)).toBe("Error: Process completed with exit code 3.");
  });

  it("fails the step with the command's own error when `|| exit N` follows it, and with N as its status", () => {
    const r = run("cat missing.txt || exit 4\ndocker build -t never .");
    expect(r.failures.map((f) => f.rule.code)).not.toContain("GHA116");
    expect(r.jobs[0]!.steps[1]!.log.at(-1)).toBe("Error: Process completed with exit code 4.");
    expect(r.builds).toEqual([]);
  });

  it("does not take an exit inside control flow it does not follow, nor one in a pipeline's subshell", () => {
    expect(tags('if [ -z "$X" ]; then exit 1; fi\ndocker build -t app .')).toEqual(["app", "after"]);
    expect(tags("exit 1 | cat\ndocker build -t app .")).toEqual(["app", "after"]);
  });

  it("runs a { …; } group after && or || only as the command before it decides; a group alone always runs", () => {
    // denoland/deno .github/workflows/npm_publish.generated.yml (Test npm install deno)
    const guarded = run('ACTUAL="$(npx deno -v)"\n[ "$ACTUAL" = "deno 2.0.0" ] || { echo "Version mismatch"; exit 1; }\ndocker build -t app .');
    expect(guarded.failures.map((f) => f.rule.code)).toEqual([]);
    expect(guarded.builds.flatMap((b) => b.tags)).toEqual(["app", "after"]);
    const alone = run("{ echo start; exit 3; }\ndocker build -t never .");
    expect(alone.failures.map((f) => f.rule.code)).toEqual(["GHA116"]);
    expect(alone.builds).toEqual([]);
  });

  it("reads a non-numeric exit as bash does, and stays bounded on recursion", () => {
    const r = run("exit soon");
    expect(r.jobs[0]!.steps[1]!.log).toContainEqual(expect.stringMatching(/line 1: exit: soon: numeric argument required$/));
    expect(r.jobs[0]!.steps[1]!.log.at(-1)).toBe("Error: Process completed with exit code 2.");
    expect(tags("f() { f; }\nf\ndocker build -t app .")).toEqual(["app", "after"]);
  });

  it("reports GHA116 as a diagnostic on the exit's line", () => {
    const r = workflowSimulator.simulate(repositoryFrom({ [CI]: job("exit 5"), ...APP_FILES }), parseWorld({}), { worldKnown: true });
    expect(r.diagnostics.find((d) => d.code === "GHA116")).toMatchObject({ line: 8, message: "Process completed with exit code 5." });
  });
});
