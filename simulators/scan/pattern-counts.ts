/**
 * How often each of a list of patterns occurs in a repository's files, counted once per file object: a step
 * changes one file and leaves the others the same objects, so a scan of the whole repository costs what the
 * changed file costs (the suppression, strictness and credential scans run on every state).
 */
import type { RepoFile, Repository } from "../repository.js";

export interface NamedPattern {
  name: string;
  /** A global regular expression (String.prototype.match counts its matches). */
  pattern: RegExp;
  /**
   * Lowercase ASCII literals one of which every match holds: a file whose lowercased text holds none has no
   * match, and is not searched. Most files hold no pragma, so most of a scan is one lowercasing and a few
   * substring tests instead of a search per pattern whose `^\s*` retries at every line.
   */
  needles?: readonly string[];
}

const byList = new WeakMap<readonly NamedPattern[], WeakMap<RepoFile, readonly number[]>>();

function countsIn(file: RepoFile, patterns: readonly NamedPattern[], kept: WeakMap<RepoFile, readonly number[]>): readonly number[] {
  let counts = kept.get(file);
  if (counts === undefined) {
    let lower: string | undefined;
    counts = patterns.map(({ pattern, needles }) => {
      if (needles !== undefined) {
        const text = (lower ??= file.content.toLowerCase());
        if (!needles.some((n) => text.includes(n))) return 0;
      }
      return file.content.match(pattern)?.length ?? 0;
    });
    kept.set(file, counts);
  }
  return counts;
}

/** Pattern name → matches over every file of `repo`, in the list's order. */
export function countPatterns(repo: Repository, patterns: readonly NamedPattern[]): Map<string, number> {
  let kept = byList.get(patterns);
  if (kept === undefined) byList.set(patterns, (kept = new WeakMap()));
  const totals = patterns.map(() => 0);
  for (const file of repo.values()) {
    const counts = countsIn(file, patterns, kept);
    for (let i = 0; i < totals.length; i++) totals[i]! += counts[i]!;
  }
  return new Map(patterns.map(({ name }, i) => [name, totals[i]!]));
}
