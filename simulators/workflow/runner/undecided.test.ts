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

describe("a push after a login the runner cannot see", () => {
  const GHA104 = checkKey("GHA104", CI);
  const push = (login: string, image: string): string =>
    `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n${login}      - run: docker build -t ${image} . && docker push ${image}\n`;

  it("leaves GHA104 undecided after a cloud's login action or CLI, for that cloud's registry", () => {
    for (const [login, image] of [
      ["      - uses: aws-actions/amazon-ecr-login@v2\n", "123456789012.dkr.ecr.eu-west-1.amazonaws.com/app:1"],
      ["      - uses: azure/docker-login@v2\n        with:\n          login-server: acme.azurecr.io\n", "acme.azurecr.io/app:1"],
      ["      - run: gcloud auth configure-docker us-docker.pkg.dev\n", "us-docker.pkg.dev/acme/app/web:1"],
      ["      - run: gcloud --quiet auth configure-docker\n", "gcr.io/acme/web:1"],
      ["      - run: ibmcloud cr login\n", "us.icr.io/acme/web:1"],
      ["      - shell: pwsh\n        run: docker login -u $env:U -p $env:P\n", "acme/web:1"],
    ]) {
      const r = simulate(push(login!, image!));
      expect(r.undecided.has(GHA104), login).toBe(true);
      expect(r.diagnostics.map((d) => d.code), login).not.toContain("GHA104");
    }
  });

  it("still refuses a push to another registry than the CLI logged in to", () => {
    const r = simulate(push("      - run: az acr login --name acme\n", "ghcr.io/acme/web:1"));
    expect(r.diagnostics.map((d) => d.code)).toContain("GHA104");
  });
});
