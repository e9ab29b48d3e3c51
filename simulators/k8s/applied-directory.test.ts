/** What a delivery applies: its project's manifest directory, not every manifest-shaped file in the repository. */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../repository.js";
import { parseWorld } from "../world.js";
import { k8sSimulator } from "./index.js";
import { APP_FILES, CONFIG, WORLD } from "./rules/fixtures.js";

function codes(files: Record<string, string>, worldKnown = true): string[] {
  return k8sSimulator.simulate(repositoryFrom(files), parseWorld(WORLD), { worldKnown }).diagnostics.map((d) => d.code);
}

const { "k8s/config.yaml": _config, ...WITHOUT_CONFIG } = APP_FILES;

describe("the manifests a delivery applies", () => {
  it("does not apply a ConfigMap written outside the project's manifest directory", () => {
    // `kubectl apply -f k8s/` never reads docs/config.yaml: the pods still miss their ConfigMap.
    expect(codes({ ...WITHOUT_CONFIG, "docs/config.yaml": CONFIG })).toContain("K8S022");
    expect(codes({ ...WITHOUT_CONFIG, "k8s/extra-config.yaml": CONFIG })).toEqual([]);
  });

  it("applies manifests wherever they lie when the project keeps none in a manifest directory", () => {
    const flat = Object.fromEntries(Object.entries(APP_FILES).map(([p, c]) => [p.replace("k8s/", ""), c]));
    expect(codes(flat)).toEqual([]);
  });

  it("lints every manifest of a user's repository, wherever it lies", () => {
    expect(codes({ ...WITHOUT_CONFIG, "docs/config.yaml": CONFIG }, false)).toEqual([]);
  });
});
