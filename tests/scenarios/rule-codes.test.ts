/**
 * Rule codes are a closed set taken from the registry: a scenario's detection or wrong-fix reason that names
 * no rule (a typo, a retired code) is refused when the catalogue loads, not discovered when a gate passes
 * for the wrong reason.
 */
import { describe, expect, it } from "vitest";
import { ALL_RULES } from "../../simulators/rules.js";
import { isRuleCode, RULE_CODES } from "../../simulators/rule-codes.js";
import { DetectionSchema, WrongReasonSchema } from "../../tasks/schema.js";

describe("rule codes", () => {
  it("are the registry's codes, each once", () => {
    expect(new Set(RULE_CODES).size).toBe(RULE_CODES.length);
    expect([...RULE_CODES].sort()).toEqual(ALL_RULES.map((rule) => rule.code).sort());
  });

  it("tell a code from a look-alike", () => {
    expect(isRuleCode("K8S021")).toBe(true);
    for (const notACode of ["K8S0021", "k8s021", "DF999", "PIPE", "", 21, null, { toString: () => "K8S021" }]) {
      expect(isRuleCode(notACode)).toBe(false);
    }
  });

  it("a detection must name a rule", () => {
    expect(DetectionSchema.safeParse({ code: "DF001", file: "Dockerfile" }).success).toBe(true);
    const typo = DetectionSchema.safeParse({ code: "DF0001", file: "Dockerfile" });
    expect(typo.success).toBe(false);
  });

  it("a wrong fix's reason must name a rule", () => {
    expect(WrongReasonSchema.safeParse({ fires: "GHA103" }).success).toBe(true);
    expect(WrongReasonSchema.safeParse({ fires: "GHA999" }).success).toBe(false);
  });
});
