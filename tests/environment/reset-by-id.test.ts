/**
 * A reset's record names its scenario without building it: a generated scenario is generated where its
 * episode is played (a worker), not in the server's main thread, which would otherwise spend a generation
 * (tens of milliseconds) of the one thread every session's I/O shares on each generated reset.
 */
import { describe, expect, it } from "vitest";
import { startRecord } from "../../environment/episode-record.js";
import { knowsScenario, ResetError, resolveReset } from "../../environment/select.js";
import { servedCatalog } from "../../generator/family.js";
import { GenerationError } from "../../generator/generate.js";
import { toWireError } from "../../server/pool/tasks.js";
import type { Catalog, GeneratedFamily } from "../../tasks/catalog.js";
import type { ResetRequest } from "../../contracts/observation.js";

const served = servedCatalog();

/** The served catalogue with generation forbidden: any attempt to build a generated scenario throws. */
function withoutGenerating(): Catalog {
  const forbid = (family: GeneratedFamily): GeneratedFamily => ({
    ...family,
    byId: () => {
      throw new Error("generated a scenario");
    },
    draw: () => {
      throw new Error("generated a scenario");
    },
  });
  return {
    ...served,
    scenario: (id) => (served.generated!.names(id) || served.generatedHost!.names(id) ? forbid(served.generated!).byId(id) : served.scenario(id)),
    generated: forbid(served.generated!),
    generatedHost: forbid(served.generatedHost!),
  };
}

describe("a reset's record names its scenario without building it", () => {
  const catalog = withoutGenerating();

  it.each([
    [{ task_id: "generated", seed: 5 }, /^gen:train:(easy|medium|hard|expert):5$/],
    [{ task_id: "generated", seed: 9, difficulty: "hard", split: "test" }, /^gen:test:hard:9$/],
    [{ task_id: "generated_host", seed: 3, difficulty: "easy" }, /^gen-host:train:easy:3$/],
    [{ scenario_id: "gen:validation:expert:12" }, /^gen:validation:expert:12$/],
    [{ task_id: "generated", scenario_id: "gen:train:easy:1" }, /^gen:train:easy:1$/],
    [{ scenario_id: "typo_filename" }, /^typo_filename$/],
  ] as Array<[ResetRequest, RegExp]>)("%j records %s", (request, id) => {
    expect(startRecord(catalog, request, "ep").scenario_id).toMatch(id);
  });

  it("names the scenario a draw builds, for every difficulty and split", () => {
    for (const [seed, difficulty, split] of [
      [0, undefined, undefined],
      [41, "medium", "validation"],
      [2, "expert", "test"],
    ] as const) {
      const request = { task_id: "generated", seed, ...(difficulty ? { difficulty } : {}), ...(split ? { split } : {}) };
      expect(startRecord(catalog, request, "ep").scenario_id).toBe(resolveReset(served, request).scenario.id);
    }
  }, 60_000);

  it("still refuses what it refused: an id of the wrong task, a malformed generated id, difficulty without a family", () => {
    expect(() => startRecord(catalog, { task_id: "dockerfile_syntax", scenario_id: "gen:train:easy:1" }, "ep")).toThrow(/belongs to task 'generated', not 'dockerfile_syntax'/);
    expect(() => startRecord(catalog, { scenario_id: "gen:train:easy:12345678901234567" }, "ep")).toThrow(ResetError);
    expect(() => startRecord(catalog, { scenario_id: "gen:nightly:easy:1" }, "ep")).toThrow(/unknown scenario_id/);
    expect(() => startRecord(catalog, { task_id: "dockerfile_syntax", difficulty: "easy" }, "ep")).toThrow(/give task_id 'generated' or 'generated_host'/);
  });

  it("knows a generated id by its form, and a curated one by the catalogue", () => {
    expect(knowsScenario(catalog, "gen:test:medium:77")).toBe(true);
    expect(knowsScenario(catalog, "gen-host:train:hard:0")).toBe(true);
    expect(knowsScenario(catalog, "typo_filename")).toBe(true);
    expect(knowsScenario(catalog, "gen:test:medium:-1")).toBe(false);
    expect(knowsScenario(catalog, "no_such_scenario")).toBe(false);
  });

  it("a seed no attempt of which passes the gates is the client's to change: a 422 from where it is played", () => {
    expect(toWireError(new GenerationError("gen:train:easy:1", 40))).toEqual({
      kind: "http",
      status: 422,
      message: "no scenario for gen:train:easy:1 passed the gates in 40 attempts; another seed draws another scenario",
    });
  });
});
