/** A step's commands as the declaration facts give them: functions by their calls, loops per word, nothing after `exit`. */
import { describe, expect, it } from "vitest";
import { scriptCommands } from "./script-commands.js";

const run = (script: string) => scriptCommands(script).filter((c) => !c.printed).map((c) => [c.argv.join(" "), c.conditional]);

describe("scriptCommands", () => {
  it("runs a function's body where it is called, and not at all when nothing calls it", () => {
    expect(run('push() { docker push "$IMAGE:a"; docker push "$IMAGE:b"; }')).toEqual([]);
    expect(run("publish() {\n  docker push app:1\n}\necho start\npublish")).toEqual([["echo start", false], ["docker push app:1", false]]);
    expect(run("publish() { docker push app:1; }\nif [ -n \"$X\" ]; then publish; fi")).toEqual([["[ -n $X ]", true], ["docker push app:1", true]]);
  });

  it("runs a loop over listed words once per word, and one over words it cannot know once, conditionally", () => {
    expect(run('for t in "${{ github.sha }}" latest; do docker push "app:$t"; done')).toEqual([["docker push app:$t", false], ["docker push app:$t", false]]);
    expect(run("for t in $(git tag); do docker push app:$t; done")).toEqual([["docker push app:$t", true]]);
    expect(run("for t in; do docker push app:$t; done")).toEqual([]);
  });

  it("runs nothing after an unconditional exit, and only conditionally what follows a possible exit 0", () => {
    expect(run("exit 0\ndocker push app")).toEqual([["exit 0", false]]);
    expect(run('[ -z "$X" ] && exit 0\ndocker push app')).toEqual([["[ -z $X ]", false], ["exit 0", false], ["docker push app", true]]);
    // A guard that fails the step when it trips does not let the run succeed without what follows.
    expect(run('[ -n "$T" ] || exit 1\ndocker push app')).toEqual([["[ -n $T ]", false], ["exit 1", false], ["docker push app", false]]);
    expect(run("f() { return 0; docker push never; }\nf\ndocker push app")).toEqual([["return 0", false], ["docker push app", false]]);
    expect(run("exit 0 | cat\ndocker push app").map(([c]) => c)).toContain("docker push app");
  });

  it("is bounded on recursion and nested loops", () => {
    expect(run("f() { f; }\nf").length).toBeLessThanOrEqual(1);
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ");
    const nested = `for a in ${words}; do for b in ${words}; do for c in ${words}; do echo $a$b$c; done; done; done`;
    const commands = scriptCommands(nested);
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.length).toBeLessThan(2 * 2048 + 100);
  });

  it("marks a test runner asked only to collect its tests", () => {
    const [collect, tests] = scriptCommands("pytest -q --collect-only\npytest -q");
    expect([collect!.runsNoTests, tests!.runsNoTests]).toEqual([true, false]);
  });
});
