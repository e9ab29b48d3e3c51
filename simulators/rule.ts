/**
 * What every rule of every simulator declares about itself: a stable code, a kebab-case name, a one-line
 * summary, its stage and severity, and valid/invalid cases that its tests run. The checking function's
 * signature belongs to each domain (a Dockerfile rule sees a parsed Dockerfile, a workflow rule a workflow).
 */
import type { Severity, Stage } from "./diagnostic.js";

export interface RuleInfo {
  /** Stable id: DF… Dockerfile, GHA… workflow, K8S… Kubernetes, PIPE… cross-file. Never reused. */
  code: string;
  name: string;
  summary: string;
  stage: Stage;
  severity: Severity;
}

/**
 * A test case of a rule: a small repository (and world) on which the rule must stay silent (valid) or fire
 * (invalid), on `file` at `line` when given.
 */
export interface RuleCase {
  name?: string;
  files: Record<string, string | { content: string; mode?: number }>;
  world?: import("./world.js").WorldInput;
  /** Invalid cases: where the diagnostic must be. */
  file?: string;
  line?: number;
  /** Invalid cases: a fragment the message must contain. */
  message?: string;
}

export interface RuleCases {
  valid: RuleCase[];
  invalid: RuleCase[];
}
