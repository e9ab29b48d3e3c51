/**
 * How often each of a list of patterns occurs in a repository's files, counted once per file object: a step
 * changes one file and leaves the others the same objects, so a scan of the whole repository costs what the
 * changed file costs (the suppression, strictness and credential scans run on every state). A file object met
 * for the first time is looked up by its text too (bounded): a repository built again from the same texts (a
 * scenario's start, its clean base, a generated scenario's gates) holds new objects over the same strings.
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

/** The counts kept for one list of patterns: by file object, and by text. */
interface Kept {
  byFile: WeakMap<RepoFile, readonly number[]>;
  byText: Map<string, readonly number[]>;
  /** Characters of the texts `byText` holds. */
  chars: number;
}

/** Characters of text each list keeps counts for by text, at most: the texts a few repositories hold. */
const MAX_TEXT_CHARS = 1024 * 1024;

const byList = new WeakMap<readonly NamedPattern[], Kept>();

function count(content: string, patterns: readonly NamedPattern[]): readonly number[] {
  let lower: string | undefined;
  return patterns.map(({ pattern, needles }) => {
    if (needles !== undefined) {
      const text = (lower ??= content.toLowerCase());
      if (!needles.some((n) => text.includes(n))) return 0;
    }
    return content.match(pattern)?.length ?? 0;
  });
}

function countsIn(file: RepoFile, patterns: readonly NamedPattern[], kept: Kept): readonly number[] {
  let counts = kept.byFile.get(file);
  if (counts !== undefined) return counts;
  const text = file.content;
  counts = kept.byText.get(text);
  if (counts === undefined) {
    counts = count(text, patterns);
    if (text.length <= MAX_TEXT_CHARS / 8) {
      kept.byText.set(text, counts);
      kept.chars += text.length;
      while (kept.chars > MAX_TEXT_CHARS) {
        const [oldest] = kept.byText.keys();
        kept.byText.delete(oldest!);
        kept.chars -= oldest!.length;
      }
    }
  }
  kept.byFile.set(file, counts);
  return counts;
}

/** Pattern name → matches over every file of `repo`, in the list's order. */
export function countPatterns(repo: Repository, patterns: readonly NamedPattern[]): Map<string, number> {
  let kept = byList.get(patterns);
  if (kept === undefined) byList.set(patterns, (kept = { byFile: new WeakMap(), byText: new Map(), chars: 0 }));
  const totals = patterns.map(() => 0);
  for (const file of repo.values()) {
    const counts = countsIn(file, patterns, kept);
    for (let i = 0; i < totals.length; i++) totals[i]! += counts[i]!;
  }
  return new Map(patterns.map(({ name }, i) => [name, totals[i]!]));
}
