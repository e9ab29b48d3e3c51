/**
 * Test-only reference: the near-miss hint as it was before candidate search (one pass over the whole file
 * with whitespace read as single spaces). environment/near-miss.ts must give the same line for every input.
 */

/** Words of old_content tested before the full pass: the longest, as the likeliest to be absent. */
const WORDS_TESTED = 8;

/** JavaScript's `\s`: the characters a run of which counts as one space. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * The 1-based line where text equal to `needle` up to whitespace starts in `content`, or null when there is
 * none (or `needle` is only whitespace).
 * @example referenceNearMissLine("FROM x\n  RUN  a\n", "RUN a") // 2
 */
export function referenceNearMissLine(content: string, needle: string): number | null {
  const target = collapsed(needle);
  if (target.length === 0) return null;
  if (!wordsOccur(content, needle)) return null;
  return firstMatchLine(content, target);
}

/** `text`'s characters with each whitespace run as one space, leading and trailing runs dropped. */
function collapsed(text: string): Uint16Array {
  const out = new Uint16Array(text.length);
  let n = 0;
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      pendingSpace = n > 0;
      continue;
    }
    if (pendingSpace) out[n++] = 32;
    pendingSpace = false;
    out[n++] = c;
  }
  return out.subarray(0, n);
}

/** Whether the longest few words of `needle` each occur somewhere in `content`: one scan of the needle. */
function wordsOccur(content: string, needle: string): boolean {
  const longest: Array<{ start: number; end: number }> = [];
  let start = -1;
  for (let i = 0; i <= needle.length; i++) {
    const boundary = i === needle.length || isSpace(needle.charCodeAt(i));
    if (!boundary) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const word = { start, end: i };
    start = -1;
    if (longest.length < WORDS_TESTED) {
      longest.push(word);
      continue;
    }
    let shortest = 0;
    for (let k = 1; k < longest.length; k++) if (longest[k]!.end - longest[k]!.start < longest[shortest]!.end - longest[shortest]!.start) shortest = k;
    if (word.end - word.start > longest[shortest]!.end - longest[shortest]!.start) longest[shortest] = word;
  }
  return longest.every(({ start: from, end }) => content.includes(needle.slice(from, end)));
}

/**
 * One pass over `content` read with whitespace runs as single spaces, matching `target` as it goes (Knuth,
 * Morris and Pratt: each character is looked at a bounded number of times), keeping the line of each of the
 * last `target.length` characters read so that a match can say where it started.
 */
function firstMatchLine(content: string, target: Uint16Array): number | null {
  const m = target.length;
  const fallback = new Int32Array(m);
  for (let i = 1, k = 0; i < m; i++) {
    while (k > 0 && target[i] !== target[k]) k = fallback[k - 1]!;
    if (target[i] === target[k]) k++;
    fallback[i] = k;
  }
  const lineOf = new Int32Array(m);
  let matched = 0;
  let read = 0;
  let line = 1;
  let inRun = false;
  for (let i = 0; i < content.length; i++) {
    let c = content.charCodeAt(i);
    if (isSpace(c)) {
      const newline = c === 10;
      if (inRun) {
        if (newline) line++;
        continue;
      }
      inRun = true;
      c = 32;
      lineOf[read % m] = line;
      if (newline) line++;
    } else {
      inRun = false;
      lineOf[read % m] = line;
    }
    while (matched > 0 && target[matched] !== c) matched = fallback[matched - 1]!;
    if (target[matched] === c) matched++;
    if (matched === m) return lineOf[(read - m + 1) % m]!;
    read++;
  }
  return null;
}
