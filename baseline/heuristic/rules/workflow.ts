/** Every workflow repair: GitHub's parse errors first, then failures of a running step. */
import type { RepairRule } from "../rule.js";
import { WORKFLOW_RUN_RULES } from "./workflow-run.js";
import { WORKFLOW_SYNTAX_RULES } from "./workflow-syntax.js";

export const WORKFLOW_RULES: readonly RepairRule[] = [...WORKFLOW_SYNTAX_RULES, ...WORKFLOW_RUN_RULES];
