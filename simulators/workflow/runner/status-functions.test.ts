/**
 * The status functions of an `if:` (success, failure, always, cancelled) read how the jobs a job needs ended,
 * and a condition that calls none of them means `success() && (condition)`. Each job leg's fact says whether
 * its condition lets it run after a needed job failed, which a default `if:` never does.
 */
import { describe, expect, it } from "vitest";
import type { Fact } from "../../engine/facts.js";
import { repositoryFrom } from "../../repository.js";
import { parseWorld } from "../../world.js";
import type { JobLegEvent } from "../events.js";
import { APP_FILES, CI } from "../rules/cases.js";
import { workflowSimulator } from "../simulator.js";
import { evaluateCondition, runsAfterFailure } from "./evaluate.js";
import type { Scope } from "./evaluate.js";

const scope = (status?: Scope["status"]): Scope => ({
  secret: () => ({ text: "", origin: { kind: "literal" } }),
  github: { event_name: "push", ref: "refs/heads/main" },
  env: new Map(),
  vars: () => ({ text: "", origin: { kind: "literal" } }),
  matrix: {},
  inputs: {},
  steps: new Map(),
  needs: new Map([["test", new Map()], ["lint", new Map()]]),
  ...(status === undefined ? {} : { status }),
});

describe("status functions", () => {
  it("are true or false by how what came before ended", () => {
    expect(evaluateCondition("success()", scope()).result).toBe(true);
    expect(evaluateCondition("success()", scope("failure")).result).toBe(false);
    expect(evaluateCondition("failure()", scope()).result).toBe(false);
    expect(evaluateCondition("failure()", scope("failure")).result).toBe(true);
    expect(evaluateCondition("${{ always() }}", scope("failure")).result).toBe(true);
    expect(evaluateCondition("!cancelled()", scope("failure")).result).toBe(true);
    expect(evaluateCondition("cancelled()", scope("failure")).result).toBe(false);
  });

  it("are implied as success() when a condition calls none", () => {
    expect(evaluateCondition("github.event_name == 'push'", scope()).result).toBe(true);
    expect(evaluateCondition("github.event_name == 'push'", scope("failure")).result).toBe(false);
    expect(evaluateCondition("always() && github.event_name == 'push'", scope("failure")).result).toBe(true);
  });
});

describe("whether a job runs after a job it needs failed", () => {
  const needs = ["test", "lint"];
  it("does not without an if:, with success() or with a condition on the event alone", () => {
    for (const condition of ["", "success()", "github.ref == 'refs/heads/main'", "${{ success() && github.event_name == 'push' }}"]) {
      expect(runsAfterFailure(condition, scope(), needs), condition).toBe(false);
    }
  });

  it("does with always(), !cancelled() or failure(), on its own or combined", () => {
    for (const condition of ["always()", "${{ !cancelled() }}", "failure()", "always() && github.ref == 'refs/heads/main'", "success() || failure()"]) {
      expect(runsAfterFailure(condition, scope(), needs), condition).toBe(true);
    }
  });

  it("reads the failed job's result: a condition that requires the tests' success still waits for them", () => {
    expect(runsAfterFailure("always() && needs.test.result == 'success'", scope(), ["test"])).toBe(false);
    // Only lint's failure is let through; a job that needs both runs when lint alone fails.
    expect(runsAfterFailure("always() && needs.test.result == 'success'", scope(), needs)).toBe(true);
    expect(runsAfterFailure("always() && needs.test.result != 'failure' && needs.lint.result != 'failure'", scope(), needs)).toBe(false);
  });

  it("is unknown on what cannot be known, and false for a job that needs none or an unreadable condition", () => {
    expect(runsAfterFailure("always() && github.event.head_commit.message == 'x'", scope(), needs)).toBe("unknown");
    expect(runsAfterFailure("always()", scope(), [])).toBe(false);
    expect(runsAfterFailure("always( &&", scope(), needs)).toBe("unknown");
  });
});

describe("a job leg's fact", () => {
  const workflow = (publishIf: string, testRun = "echo ok") =>
    `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ${testRun}\n  publish:\n    needs: test\n${publishIf}    runs-on: ubuntu-latest\n    steps:\n      - run: echo published\n`;
  const legs = (text: string) =>
    (workflowSimulator.simulate(repositoryFrom({ [CI]: text, ...APP_FILES }), parseWorld({}), { worldKnown: true }).facts.of<JobLegEvent>("job-leg") as readonly Fact<JobLegEvent>[]).map((f) => [f.event.job, f.event.status, f.event.afterFailedNeeds]);

  it("carries the condition's effect on a failure of the jobs it needs", () => {
    expect(legs(workflow(""))).toEqual([["test", "success", false], ["publish", "success", false]]);
    expect(legs(workflow("    if: always()\n"))).toEqual([["test", "success", false], ["publish", "success", true]]);
  });

  it("runs the job after failed tests (a file the job never checked out) only when its condition says so", () => {
    expect(legs(workflow("", "cat notes.txt"))).toEqual([["test", "failure", false], ["publish", "not-run", false]]);
    expect(legs(workflow("    if: ${{ !cancelled() }}\n", "cat notes.txt"))).toEqual([["test", "failure", false], ["publish", "success", true]]);
  });
});
