/**
 * SPEC §2's solvability rule over the curated scenarios: every fact the reference fix writes can be seen by
 * the time it is written, in the files, the logs, or the output of an inspection the scenario declares (run
 * against the inspect simulator). The check is shown to fail when a fact is taken away, when a declared
 * inspection no longer shows its text, and when a declared choice is really a fact.
 */
import { describe, expect, it } from "vitest";
import type { Catalog } from "../../tasks/catalog.js";
import { loadCatalog } from "../../tasks/catalog.js";
import type { Scenario } from "../../tasks/schema.js";
import { located, solvabilityFindings, tokensOf } from "./fix-facts.js";

const catalog = loadCatalog();

describe.each(catalog.scenarios.map((s) => [s.id, s] as const))("%s", (_, scenario) => {
  it("shows every fact its reference fix writes before the fix writes it", () => {
    expect(solvabilityFindings(catalog, scenario)).toEqual([]);
  });
});

/** The catalogue with one scenario replaced, as the episode engine will then play it. */
function withScenario(changed: Scenario): Catalog {
  return {
    ...catalog,
    scenarios: catalog.scenarios.map((s) => (s.id === changed.id ? changed : s)),
    scenario: (id: string) => (id === changed.id ? changed : catalog.scenario(id)),
  };
}

function changed(id: string, change: (s: Scenario) => Scenario): { catalog: Catalog; scenario: Scenario } {
  const scenario = change(catalog.scenario(id)!);
  return { catalog: withScenario(scenario), scenario };
}

describe("the check", () => {
  it("finds a fact nothing shows once its inspection is not declared", () => {
    const { catalog: c, scenario } = changed("missing_ingress_class", (s) => ({ ...s, evidence: undefined }));
    expect(solvabilityFindings(c, scenario)).toEqual([{ scenario: "missing_ingress_class", problem: 'step 1 writes "nginx", which nothing the agent has seen shows' }]);
  });

  it("finds a fact whose only source is removed: the README line that names a setting", () => {
    const { catalog: c, scenario } = changed("missing_configmap", (s) => ({
      ...s,
      files: { ...s.files, "README.md": { ...s.files["README.md"]!, content: s.files["README.md"]!.content.replace(/^ {2}- `LOG_LEVEL`.*\n/m, "") } },
    }));
    expect(solvabilityFindings(c, scenario).map((f) => f.problem)).toContain('step 1 writes "LOG_LEVEL", which nothing the agent has seen shows');
  });

  it("finds a declared inspection that does not show what it claims, as when the simulator stops printing a fact", () => {
    const { catalog: c, scenario } = changed("oom_killed", (s) => ({ ...s, world: { ...s.world, apps: s.world.apps.map((a) => ({ ...a, memory_mib: undefined })) } }));
    expect(solvabilityFindings(c, scenario).map((f) => f.problem)).toContain('the inspection `kubectl top pod` never shows "180Mi" before the fix is complete');
  });

  it("refuses a choice that every alternative writes too: that is a fact", () => {
    const { catalog: c, scenario } = changed("missing_configmap", (s) => ({ ...s, evidence: { inspect: [], choices: ["SEARCH_URL"] } }));
    expect(solvabilityFindings(c, scenario).map((f) => f.problem)).toContain('every alternative writes the declared choice "SEARCH_URL": it is a fact, not a choice');
  });

  it("locates words, paths, references and cluster URLs only from what was seen", () => {
    const corpus = { words: tokensOf("WORKDIR /app\n  46.61 kB  build/static/js/main.js\nsearch   ClusterIP   9200/TCP\nNamespace: default\nUSER node", { segments: true }), paths: new Set(["backend/Dockerfile"]) };
    expect(located("/app/build", corpus)).toBe(true);
    expect(located("/app/dist", corpus)).toBe(false);
    expect(located("./backend/Dockerfile", corpus)).toBe(true);
    expect(located("./frontend/Dockerfile", corpus)).toBe(false);
    expect(located("node:node", corpus)).toBe(true);
    expect(located("http://search.default.svc.cluster.local:9200", corpus)).toBe(true);
    expect(located("http://search:9300", corpus)).toBe(false);
    expect(located("http://elastic.default.svc.cluster.local:9200", corpus)).toBe(false);
  });
});
