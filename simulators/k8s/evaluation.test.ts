/** Which rules count as evaluated: only those a real rollout reached, so a fix is never credited for a check that did not run. */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../repository.js";
import { checkKey } from "../simulation.js";
import { parseWorld } from "../world.js";
import { k8sSimulator } from "./index.js";
import { APP_FILES, DEPLOYMENT, SERVICE, WORLD, withFile } from "./rules/fixtures.js";

function run(files: Record<string, string>, worldKnown = true) {
  return k8sSimulator.simulate(repositoryFrom(files), parseWorld(WORLD), { worldKnown });
}

const OOM = DEPLOYMENT.replace("memory: 128Mi", "memory: 64Mi").replace("memory: 256Mi", "memory: 64Mi");

describe("k8s evaluation", () => {
  it("finds nothing wrong with the application the rules' cases start from", () => {
    expect(run(APP_FILES).diagnostics).toEqual([]);
  });

  it("marks every rule evaluated on a healthy application", () => {
    const { checked } = run(APP_FILES);
    for (const code of ["K8S006", "K8S021", "K8S025", "K8S026"]) expect(checked.has(checkKey(code, "k8s/deployment.yaml"))).toBe(true);
    for (const code of ["K8S030", "K8S031"]) expect(checked.has(checkKey(code, "k8s/service.yaml"))).toBe(true);
    expect(checked.has(checkKey("K8S032", "k8s/ingress.yaml"))).toBe(true);
  });

  it("does not evaluate runtime rules on an object refused at apply", () => {
    const { checked, diagnostics } = run(withFile("k8s/deployment.yaml", OOM.replace("  replicas: 2", "  replica: 2")));
    expect(diagnostics.map((d) => d.code)).toContain("K8S006");
    expect(checked.has(checkKey("K8S025", "k8s/deployment.yaml"))).toBe(false);
  });

  it("does not evaluate pod rules when replicas is 0, and the Service has no endpoints", () => {
    const { checked, diagnostics } = run(withFile("k8s/deployment.yaml", OOM.replace("replicas: 2", "replicas: 0")));
    expect(diagnostics.map((d) => d.code)).toEqual(["K8S030"]);
    expect(checked.has(checkKey("K8S025", "k8s/deployment.yaml"))).toBe(false);
  });

  it("does not judge a Service whose pods crash", () => {
    const { checked, diagnostics } = run({ ...withFile("k8s/deployment.yaml", OOM), "k8s/service.yaml": SERVICE.replace("app: web", "app: api") });
    expect(diagnostics.map((d) => d.code)).toEqual(["K8S025", "K8S030"]);
    expect(checked.has(checkKey("K8S030", "k8s/service.yaml"))).toBe(true); // no pod matches at all: still judged
    const crashing = run(withFile("k8s/deployment.yaml", OOM));
    expect(crashing.checked.has(checkKey("K8S030", "k8s/service.yaml"))).toBe(false);
    expect(crashing.checked.has(checkKey("K8S026", "k8s/deployment.yaml"))).toBe(false);
  });

  it("skips the checks that need the world when linting", () => {
    const { checked, diagnostics } = run(withFile("k8s/deployment.yaml", OOM), false);
    expect(diagnostics).toEqual([]);
    expect(checked.has(checkKey("K8S025", "k8s/deployment.yaml"))).toBe(false);
    expect(checked.has(checkKey("K8S006", "k8s/deployment.yaml"))).toBe(true);
  });

  it("is deterministic", () => {
    const files = withFile("k8s/deployment.yaml", OOM);
    expect(run(files).diagnostics).toEqual(run(files).diagnostics);
  });
});
