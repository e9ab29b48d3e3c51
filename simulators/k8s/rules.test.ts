/** Runs every rule's valid and invalid cases through the whole simulator, as a scenario would. */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../repository.js";
import { parseWorld } from "../world.js";
import type { RuleCase } from "../rule.js";
import { k8sRules, k8sSimulator } from "./index.js";
import { APP_FILES, WORLD } from "./rules/fixtures.js";

function run(c: RuleCase) {
  return k8sSimulator.simulate(repositoryFrom(c.files), parseWorld(c.world ?? {}), { worldKnown: true });
}

describe("k8s rules", () => {
  it("find nothing wrong with the application the cases start from", () => {
    const result = k8sSimulator.simulate(repositoryFrom(APP_FILES), parseWorld(WORLD), { worldKnown: true });
    expect(result.diagnostics).toEqual([]);
  });

  it("have unique codes and names", () => {
    expect(new Set(k8sRules.map((r) => r.code)).size).toBe(k8sRules.length);
    expect(new Set(k8sRules.map((r) => r.name)).size).toBe(k8sRules.length);
  });

  for (const rule of k8sRules) {
    describe(`${rule.code} ${rule.name}`, () => {
      it("has valid and invalid cases, none repeated", () => {
        expect(rule.cases.valid.length).toBeGreaterThan(0);
        expect(rule.cases.invalid.length).toBeGreaterThan(0);
        const keys = [...rule.cases.valid, ...rule.cases.invalid].map((c) => JSON.stringify([c.files, c.world ?? null]));
        expect(new Set(keys).size).toBe(keys.length);
      });

      rule.cases.valid.forEach((c, i) => {
        it(`stays silent and is evaluated: ${c.name ?? `valid #${i + 1}`}`, () => {
          const result = run(c);
          expect(result.diagnostics.filter((d) => d.code === rule.code)).toEqual([]);
          if (rule.phase !== "route" || Object.keys(c.files).length > 0) {
            const evaluated = [...result.checked].filter((k) => k.startsWith(`${rule.code}@`));
            expect(evaluated.length).toBeGreaterThan(0);
          }
        });
      });

      rule.cases.invalid.forEach((c, i) => {
        it(`fires: ${c.name ?? `invalid #${i + 1}`}`, () => {
          const found = run(c).diagnostics.filter((d) => d.code === rule.code);
          expect(found.length, JSON.stringify(run(c).diagnostics, null, 1)).toBeGreaterThan(0);
          const d = found[0]!;
          if (c.file) expect(d.file).toBe(c.file);
          if (c.line) expect(d.line).toBe(c.line);
          if (c.message) expect(d.message).toContain(c.message);
        });
      });
    });
  }
});
