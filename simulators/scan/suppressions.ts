/**
 * Suppression pragmas and switch-offs across a repository's files: the comments and settings that silence a
 * linter or a failing unit instead of fixing it (`# hadolint ignore`, a kube-linter annotation, `|| true`,
 * `continue-on-error: true`, `if: false`), and strictness settings whose removal switches a check off
 * (npm's `engine-strict=true`). Counted per kind, so a grader can tell one was added or removed.
 */
import type { Repository } from "../repository.js";

const SUPPRESSIONS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: "a hadolint ignore pragma", pattern: /#\s*hadolint\s+(global\s+)?ignore/gi },
  { name: "a BuildKit check=skip directive", pattern: /^#\s*check\s*=\s*skip/gim },
  { name: "a kube-linter ignore annotation", pattern: /ignore-check\.kube-linter\.io/gi },
  { name: "a checkov skip", pattern: /checkov:skip/gi },
  { name: "a trivy ignore", pattern: /trivy:ignore/gi },
  { name: "a shellcheck disable", pattern: /#\s*shellcheck\s+disable/gi },
  { name: "a noqa or nosec pragma", pattern: /#\s*(noqa|nosec)\b/gi },
  { name: "an actionlint ignore", pattern: /actionlint[-:\s]*(ignore|disable)/gi },
  { name: "continue-on-error: true", pattern: /^\s*continue-on-error\s*:\s*(true|\$\{\{\s*true\s*\}\})\s*(#.*)?$/gim },
  { name: "a failure swallowed with || true", pattern: /\|\|\s*(true\b|exit\s+0\b|sleep\b|tail\s+-f\s+\/dev\/null|:(?=\s|$|;|\)|"|'))/gm },
  { name: "if: false", pattern: /^\s*(-\s+)?if\s*:\s*(false|'false'|"false"|\$\{\{\s*false\s*\}\})\s*(#.*)?$/gim },
];

const STRICTNESS: ReadonlyArray<{ name: string; pattern: RegExp }> = [{ name: "npm's engine-strict=true", pattern: /^\s*engine-strict\s*=\s*true\s*$/gm }];

export interface SuppressionCounts {
  /** Pragma or switch-off name → how many the repository holds. */
  suppressions: Map<string, number>;
  /** Strictness setting name → how many. */
  strictness: Map<string, number>;
}

function tally(repo: Repository, patterns: ReadonlyArray<{ name: string; pattern: RegExp }>): Map<string, number> {
  const out = new Map<string, number>();
  for (const { name, pattern } of patterns) {
    let n = 0;
    for (const file of repo.values()) n += file.content.match(pattern)?.length ?? 0;
    out.set(name, n);
  }
  return out;
}

export function countSuppressions(repo: Repository): SuppressionCounts {
  return { suppressions: tally(repo, SUPPRESSIONS), strictness: tally(repo, STRICTNESS) };
}
