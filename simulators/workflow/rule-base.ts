/**
 * The shared base of workflow rules, after actionlint's: a rule is its RuleInfo, its valid/invalid cases
 * and (for parse rules) one check function that receives the parsed file and a `report(at, message)` that
 * fills in file, position, code, stage and severity. Run-stage rules have no check of their own: the step
 * interpreter reports them when a step fails the way the rule describes.
 */
import type { RuleCases, RuleInfo } from "../rule.js";
import type { SchemaCategory, SchemaFinding } from "./schema-reader.js";
import { nodePosition } from "./source.js";
import type { Position, WorkflowSource } from "./source.js";

export interface ParseRuleContext {
  readonly file: string;
  readonly source: WorkflowSource;
  /** What the schema reader found, shared by the rules that own each category. */
  readonly schema: readonly SchemaFinding[];
  /**
   * Reports a finding at a node or position. `positional: false` marks GitHub messages that its annotation
   * shows without a `(Line, Col)` prefix, such as the missing-trigger error.
   */
  report(at: Position | unknown, message: string, options?: { positional?: boolean }): void;
  position(node: unknown): Position;
}

export interface ParseRule extends RuleInfo {
  readonly kind: "parse";
  readonly cases: RuleCases;
  check(ctx: ParseRuleContext): void;
}

export interface RunRule extends RuleInfo {
  readonly kind: "run";
  readonly cases: RuleCases;
}

export type WorkflowRule = ParseRule | RunRule;

/** A parse rule (stage "parse", severity "error": GitHub refuses the whole file). */
export function parseRule(rule: Omit<ParseRule, "kind" | "stage" | "severity">): ParseRule {
  return { kind: "parse", stage: "parse", severity: "error", ...rule };
}

/** A parse rule that reports the schema reader's findings of one category. */
export function schemaRule(
  rule: Omit<ParseRule, "kind" | "stage" | "severity" | "check">,
  category: SchemaCategory,
  extra?: (ctx: ParseRuleContext) => void,
): ParseRule {
  return parseRule({
    ...rule,
    check(ctx) {
      for (const finding of ctx.schema) if (finding.category === category) ctx.report(finding.position, finding.message);
      extra?.(ctx);
    },
  });
}

/** A run-stage rule: the interpreter fires it when a job's step fails as described. */
export function runRule(rule: Omit<RunRule, "kind" | "severity">): RunRule {
  return { kind: "run", severity: "error", ...rule };
}

export function isPosition(at: unknown): at is Position {
  return typeof at === "object" && at !== null && "line" in at && "column" in at && !("range" in at);
}

export function positionOf(source: WorkflowSource, at: Position | unknown): Position {
  return isPosition(at) ? at : nodePosition(source.lines, at);
}
