/**
 * The near-miss hint of a failed edit: where old_content exists up to whitespace, the commonest reason an
 * exact match fails (indentation, tabs for spaces, a line break where the file has a space). Linear in the
 * file and the text, whatever they hold: a cheap test first (the text's rarest-looking words must all occur
 * in the file), then one pass that collapses whitespace runs and one search.
 */

/** Words of old_content tested before any collapsing: the longest, as the likeliest to be absent. */
const WORDS_TESTED = 8;

const collapse = (text: string): string => text.replace(/\s+/g, " ");

/**
 * The 1-based line where text equal to `needle` up to whitespace starts in `content`, or null when there is
 * none (or `needle` is only whitespace).
 * @example nearMissLine("FROM x\n  RUN  a\n", "RUN a") // 2
 */
export function nearMissLine(content: string, needle: string): number | null {
  const target = collapse(needle).trim();
  if (target === "") return null;
  if (!wordsOccur(content, target)) return null;
  const collapsed = collapse(content);
  const at = collapsed.indexOf(target);
  return at < 0 ? null : lineOfCollapsedOffset(content, at);
}

/** Whether the longest few distinct words of `target` each occur somewhere in `content`. */
function wordsOccur(content: string, target: string): boolean {
  const longest: string[] = [];
  for (const word of target.split(" ")) {
    if (longest.includes(word)) continue;
    if (longest.length < WORDS_TESTED) longest.push(word);
    else {
      const shortest = longest.reduce((best, w, i) => (w.length < longest[best]!.length ? i : best), 0);
      if (word.length > longest[shortest]!.length) longest[shortest] = word;
    }
  }
  return longest.every((word) => content.includes(word));
}

/** The line of `content` holding the character at `offset` of its collapsed form. */
function lineOfCollapsedOffset(content: string, offset: number): number {
  const runs = /\s+/g;
  let removed = 0;
  let line = 1;
  for (let run = runs.exec(content); run !== null; run = runs.exec(content)) {
    // This run starts at run.index in content and at run.index - removed in the collapsed text.
    if (run.index - removed >= offset) break;
    for (const ch of run[0]) if (ch === "\n") line++;
    removed += run[0].length - 1;
  }
  return line;
}
