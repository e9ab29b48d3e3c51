/** Every rule of every simulator, through the one rule tester: its valid and invalid cases, and its identity. */
import { describe, expect, it } from "vitest";
import { invalidProblem, repeatedCases, runCase, validProblem, wasEvaluated } from "./engine/rule-tester.js";
import { ENGINE_RULES } from "./rules.js";

describe("the rule registry", () => {
  it("has unique, well-formed codes and names", () => {
    const codes = ENGINE_RULES.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const rule of ENGINE_RULES) {
      expect(rule.code).toMatch(/^(DF|GHA|K8S|PIPE|HOST)\d{3}$/);
      expect(rule.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(rule.summary.length).toBeGreaterThan(10);
    }
  });
});

describe.each(ENGINE_RULES.map((r) => [`${r.code} ${r.name}`, r] as const))("%s", (_, rule) => {
  it("has valid and invalid cases, none repeated", () => {
    expect(rule.cases.valid.length).toBeGreaterThan(0);
    expect(rule.cases.invalid.length).toBeGreaterThan(0);
    expect(repeatedCases(rule.cases)).toEqual([]);
  });

  it.each(rule.cases.valid.map((c, i) => [c.name ?? `valid ${i + 1}`, c] as const))("stays silent: %s", (_, c) => {
    const result = runCase(c);
    expect(validProblem(rule, result)).toBeNull();
    if (c.lint !== true) expect(wasEvaluated(rule, result), "the rule was never evaluated on the case").toBe(true);
  });

  it.each(rule.cases.invalid.map((c, i) => [c.name ?? `invalid ${i + 1}`, c] as const))("fires: %s", (_, c) => {
    expect(invalidProblem(rule, c, runCase(c))).toBeNull();
  });
});
