/** Levenshtein distance, for "did you mean" hints and for telling a typo of an official image from a private one. */

/**
 * Characters of a name `closest` compares: a longer one is suggested nothing and suggested for nothing. Its
 * distance costs the product of the two lengths; no image, tag or stage name comes near this.
 */
export const MAX_SUGGESTED_NAME_CHARS = 256;

/**
 * The number of single-character insertions, deletions and substitutions that turn `a` into `b`.
 * @example editDistance("pyhton", "python") // 2
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Whether `a` and `b` are at most `max` edits apart, in time linear in their length: names whose lengths differ
 * by more than `max` are not compared, and only the band of `max` diagonals either side of the main one is.
 * @example withinEdits("biulder", "builder", 2) // true
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  const outside = max + 1;
  // Two rows, reused; a cell outside the band reads as `outside`, so each row touches only its band.
  let previous = Array.from({ length: b.length + 1 }, (_, j) => (j <= max ? j : outside));
  let current = new Array<number>(b.length + 1).fill(outside);
  for (let i = 1; i <= a.length; i++) {
    if (i - max - 1 >= 0) current[i - max - 1] = outside;
    if (i <= max) current[0] = i;
    let best = i <= max ? i : outside;
    for (let j = Math.max(1, i - max); j <= Math.min(b.length, i + max); j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution, outside);
      best = Math.min(best, current[j]!);
    }
    if (best > max) return false;
    [previous, current] = [current, previous];
  }
  return previous[b.length]! <= max;
}

/**
 * The `n` candidates closest to `target`, nearest first; ties keep the candidates' order.
 * @example closest("3.9-slimm", ["3.9-slim", "3.9", "latest"], 1) // ["3.9-slim"]
 */
export function closest(target: string, candidates: Iterable<string>, n: number): string[] {
  if (target.length > MAX_SUGGESTED_NAME_CHARS) return [];
  return [...candidates]
    .filter((candidate) => candidate.length <= MAX_SUGGESTED_NAME_CHARS)
    .map((candidate, order) => ({ candidate, order, distance: editDistance(target, candidate) }))
    .sort((x, y) => x.distance - y.distance || x.order - y.order)
    .slice(0, Math.max(0, n))
    .map((x) => x.candidate);
}

/**
 * Like `editDistance`, but swapping two neighbouring characters costs one edit (optimal string alignment),
 * since a transposition is the commonest slip at the keyboard (`latset`, `bookwrom`).
 * @example typingDistance("bookwrom", "bookworm") // 1
 */
export function typingDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
