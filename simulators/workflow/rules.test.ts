/**
 * Every workflow rule's own cases through the whole simulator: a valid case raises no diagnostic with the
 * rule's code, an invalid case raises one (where the case says, with the text it names). Duplicate cases
 * and reused codes are rejected.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../repository.js";
import type { RuleCase } from "../rule.js";
import { checkKey } from "../simulation.js";
import { parseWorld } from "../world.js";
import { workflowRules, workflowSimulator } from "./simulator.js";

function simulate(c: RuleCase) {
  return workflowSimulator.simulate(repositoryFrom(c.files), parseWorld(c.world ?? {}), { worldKnown: true });
}

describe("workflow rules", () => {
  it("have unique, well-formed codes and names", () => {
    const codes = workflowRules.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(workflowRules.map((r) => r.name)).size).toBe(codes.length);
    for (const rule of workflowRules) {
      expect(rule.code).toMatch(/^GHA\d{3}$/);
      expect(rule.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(rule.cases.valid.length).toBeGreaterThan(0);
      expect(rule.cases.invalid.length).toBeGreaterThan(0);
    }
  });

  it("have no duplicate cases", () => {
    const seen = new Set<string>();
    for (const rule of workflowRules) {
      for (const c of [...rule.cases.valid, ...rule.cases.invalid]) {
        const key = JSON.stringify([rule.code, c.files, c.world ?? {}]);
        expect(seen.has(key), `duplicate case in ${rule.code}`).toBe(false);
        seen.add(key);
      }
    }
  });

  for (const rule of workflowRules) {
    describe(`${rule.code} ${rule.name}`, () => {
      rule.cases.valid.forEach((c, i) => {
        it(`valid #${i + 1} stays silent`, () => {
          const result = simulate(c);
          const hits = result.diagnostics.filter((d) => d.code === rule.code);
          expect(hits, JSON.stringify(result.diagnostics, null, 1)).toEqual([]);
          const errors = result.diagnostics.filter((d) => d.severity === "error");
          expect(errors, "a valid case should run clean").toEqual([]);
          const file = Object.keys(c.files).find((f) => f.startsWith(".github/workflows/"))!;
          expect(result.checked.has(checkKey(rule.code, file))).toBe(true);
        });
      });
      rule.cases.invalid.forEach((c, i) => {
        it(`invalid #${i + 1} fires`, () => {
          const result = simulate(c);
          const hits = result.diagnostics.filter(
            (d) =>
              d.code === rule.code &&
              (c.file === undefined || d.file === c.file) &&
              (c.line === undefined || d.line === c.line) &&
              (c.message === undefined || d.message.includes(c.message)),
          );
          expect(hits.length, JSON.stringify(result.diagnostics.map((d) => [d.code, d.line, d.message]), null, 1)).toBeGreaterThan(0);
          expect(hits[0]!.stage).toBe(rule.stage);
          expect(hits[0]!.log).toBeTruthy();
        });
      });
    });
  }
});
