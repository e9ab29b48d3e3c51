/**
 * Every cross-file rule's own cases through the whole pipeline: a valid case raises no diagnostic with the
 * rule's code and runs clean, an invalid case raises one where the case says. Cases with a world run as a
 * scenario does; cases without one run as `breakfix lint` does, on a user's files.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../index.js";
import { repositoryFrom } from "../repository.js";
import type { RuleCase } from "../rule.js";
import { parseWorld } from "../world.js";
import { pipelineRules } from "./index.js";

function simulate(c: RuleCase) {
  return simulateRepository(repositoryFrom(c.files), parseWorld(c.world ?? {}), { worldKnown: c.world !== undefined, context: true });
}

describe("pipeline rules", () => {
  it("have unique, well-formed codes and names, and cases", () => {
    const codes = pipelineRules.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const rule of pipelineRules) {
      expect(rule.code).toMatch(/^PIPE\d{3}$/);
      expect(rule.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(rule.cases.valid.length).toBeGreaterThan(0);
      expect(rule.cases.invalid.length).toBeGreaterThan(0);
    }
  });

  for (const rule of pipelineRules) {
    describe(`${rule.code} ${rule.name}`, () => {
      rule.cases.valid.forEach((c, i) => {
        it(`valid #${i + 1} (${c.name ?? ""}) stays silent`, () => {
          const result = simulate(c);
          expect(result.diagnostics.filter((d) => d.code === rule.code)).toEqual([]);
          expect(result.diagnostics.filter((d) => d.severity === "error"), "a valid case should run clean").toEqual([]);
          expect([...result.checked].some((k) => k.startsWith(`${rule.code}@`))).toBe(true);
        });
      });
      rule.cases.invalid.forEach((c, i) => {
        it(`invalid #${i + 1} (${c.name ?? ""}) fires`, () => {
          const result = simulate(c);
          const hits = result.diagnostics.filter(
            (d) =>
              d.code === rule.code &&
              (c.file === undefined || d.file === c.file) &&
              (c.line === undefined || d.line === c.line) &&
              (c.message === undefined || d.message.includes(c.message)),
          );
          expect(hits.length, JSON.stringify(result.diagnostics.map((d) => [d.code, d.file, d.line, d.message]), null, 1)).toBeGreaterThan(0);
          expect(hits[0]!.stage).toBe(rule.stage);
          expect(hits[0]!.severity).toBe(rule.severity);
          expect(hits[0]!.log).toBeTruthy();
        });
      });
    });
  }
});
