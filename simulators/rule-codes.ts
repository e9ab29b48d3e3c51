/**
 * Rule codes as a typed union, built from the registry: a scenario's detection or wrong-fix reason, a
 * diagnostic, a rule lookup all name a code that exists, and a typo (`K8S0021`) is a compile error in code
 * and a validation error in data. The registry owns the codes; this file only names them.
 */
import { ENGINE_RULES } from "./rules.js";

/** Every code a rule of any simulator reports under. */
export type RuleCode = (typeof ENGINE_RULES)[number]["code"];

/** The codes, in registry order; a non-empty tuple, as `z.enum` takes it. */
export const RULE_CODES = ENGINE_RULES.map((rule) => rule.code) as [RuleCode, ...RuleCode[]];

const KNOWN: ReadonlySet<string> = new Set(RULE_CODES);

/** Whether `code` names a rule (a value from outside: JSON, the command line). */
export function isRuleCode(code: unknown): code is RuleCode {
  return typeof code === "string" && KNOWN.has(code);
}
