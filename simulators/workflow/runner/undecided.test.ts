/**
 * A check the runner cannot judge is undecided, not passed: the simulation says which checks it left undecided
 * on which file, so that the grader can refuse to credit a fix whose outcome is unknown.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { checkKey } from "../../simulation.js";
import type { SimulationResult } from "../../simulation.js";
import { parseWorld } from "../../world.js";
import { APP_FILES, CI } from "../rules/cases.js";
import { workflowSimulator } from "../simulator.js";
import { actionVersion } from "./action-catalogue.js";

const job = (uses: string): string => `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ${uses}\n      - run: echo built\n`;

function simulate(workflow: string): SimulationResult {
  return workflowSimulator.simulate(repositoryFrom({ [CI]: workflow, ...APP_FILES }), parseWorld({}), { worldKnown: true });
}

const GHA115 = checkKey("GHA115", CI);

describe("an action version the catalogue cannot judge", () => {
  it("leaves GHA115 undecided for a major above the newest known, a SHA or an unlisted action", () => {
    for (const uses of ["docker/setup-buildx-action@v9", "actions/checkout@8f4b7f84864484a7bf31766abe9204da3cbe65b3", "acme/unlisted-action@v1"]) {
      const r = simulate(job(uses));
      expect(r.undecided.has(GHA115), uses).toBe(true);
      expect(r.checked.has(GHA115), uses).toBe(false);
      expect(r.diagnostics.map((d) => d.code), uses).not.toContain("GHA115");
    }
  });

  it("decides a released major (passes) and a major the action skipped (fails)", () => {
    const released = simulate(job("docker/setup-buildx-action@v3"));
    expect(released.checked.has(GHA115)).toBe(true);
    expect(released.undecided.size).toBe(0);
    const never = simulate(job("actions/checkout@v0"));
    expect(never.diagnostics.map((d) => d.code)).toEqual(["GHA115"]);
    // A check that fired is decided, whatever else left it open.
    expect(never.undecided.has(GHA115)).toBe(false);
  });

  it("knows the majors of the notification and release actions scenarios use", () => {
    expect(actionVersion("slackapi/slack-github-action", "v2")).toBe("exists");
    expect(actionVersion("slackapi/slack-github-action", "v0")).toBe("missing");
    expect(actionVersion("codecov/codecov-action", "v5")).toBe("exists");
    expect(actionVersion("SoftProps/Action-GH-Release", "v2.0.8")).toBe("exists");
    expect(actionVersion("softprops/action-gh-release", "latest")).toBe("unknown");
  });
});
