/**
 * What the parse rules share: a rule that owns one category of the parser's findings reports them as they
 * are, and a rule with a check of its own reads the parsed file, which it can only do when the file was
 * readable YAML (otherwise GitHub stops at the YAML error and the rule was not judged).
 */
import type { Location, ReportOptions, RuleContext } from "../../engine/rule.js";
import type { ParseCategory, WorkflowParsedEvent } from "../events.js";
import { nodePosition } from "../source.js";

/** A handler reporting every finding of `category`. */
export function reportFindings(category: ParseCategory): (e: WorkflowParsedEvent, ctx: RuleContext) => void {
  return (e, ctx) => {
    if (!e.readable) return ctx.undecided();
    for (const f of e.findings) if (f.category === category) ctx.report(f.position, f.message);
  };
}

/** Where a YAML node of the parsed file is. */
export function nodeAt(e: WorkflowParsedEvent, node: unknown): Location {
  return nodePosition(e.source.lines, node);
}

/** A message GitHub's annotation shows without a `(Line, Col)` position, such as the missing-trigger error. */
export const UNPOSITIONED: ReportOptions = { detail: { positional: false } };
