/**
 * Suppression pragmas and switch-offs across a repository's files: the comments and settings that silence a
 * linter or a failing unit instead of fixing it (`# hadolint ignore`, a kube-linter annotation, `|| true`,
 * `continue-on-error: true`, `if: false`), and strictness settings whose removal switches a check off
 * (npm's `engine-strict=true`). Counted per kind, so a grader can tell one was added or removed.
 */
import type { Repository } from "../repository.js";
import { countPatterns, type NamedPattern } from "./pattern-counts.js";

export const SUPPRESSIONS: readonly NamedPattern[] = [
  { name: "a hadolint ignore pragma", pattern: /#\s*hadolint\s+(global\s+)?ignore/gi, needles: ["hadolint"] },
  { name: "a BuildKit check=skip directive", pattern: /^#\s*check\s*=\s*skip/gim, needles: ["skip"] },
  { name: "a kube-linter ignore annotation", pattern: /ignore-check\.kube-linter\.io/gi, needles: ["ignore-check.kube-linter.io"] },
  { name: "a checkov skip", pattern: /checkov:skip/gi, needles: ["checkov:skip"] },
  { name: "a trivy ignore", pattern: /trivy:ignore/gi, needles: ["trivy:ignore"] },
  { name: "a shellcheck disable", pattern: /#\s*shellcheck\s+disable/gi, needles: ["shellcheck"] },
  { name: "a noqa or nosec pragma", pattern: /#\s*(noqa|nosec)\b/gi, needles: ["noqa", "nosec"] },
  { name: "an actionlint ignore", pattern: /actionlint[-:\s]*(ignore|disable)/gi, needles: ["actionlint"] },
  { name: "continue-on-error: true", pattern: /^\s*continue-on-error\s*:\s*(true|\$\{\{\s*true\s*\}\})\s*(#.*)?$/gim, needles: ["continue-on-error"] },
  { name: "a failure swallowed with || true", pattern: /\|\|\s*(true\b|exit\s+0\b|sleep\b|tail\s+-f\s+\/dev\/null|:(?=\s|$|;|\)|"|'))/gm, needles: ["||"] },
  { name: "if: false", pattern: /^\s*(-\s+)?if\s*:\s*(false|'false'|"false"|\$\{\{\s*false\s*\}\})\s*(#.*)?$/gim, needles: ["false"] },
];

export const STRICTNESS: readonly NamedPattern[] = [{ name: "npm's engine-strict=true", pattern: /^\s*engine-strict\s*=\s*true\s*$/gm, needles: ["engine-strict"] }];

export interface SuppressionCounts {
  /** Pragma or switch-off name → how many the repository holds. */
  suppressions: Map<string, number>;
  /** Strictness setting name → how many. */
  strictness: Map<string, number>;
}

export function countSuppressions(repo: Repository): SuppressionCounts {
  return { suppressions: countPatterns(repo, SUPPRESSIONS), strictness: countPatterns(repo, STRICTNESS) };
}
