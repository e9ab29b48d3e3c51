/**
 * The near-miss hint of a failed edit: where old_content exists up to whitespace, the commonest reason an
 * exact match fails (indentation, tabs for spaces, a line break where the file has a space).
 *
 * Read with each whitespace run as one space, old_content is a list of words joined by single spaces, so a
 * match is the file holding those words in order with a whitespace run between each two (the first word may
 * end a longer word, the last may begin one). The search looks for one word of old_content, the anchor
 * (the rarest of its longest words in a sample of the file), with the file's native string search, and
 * checks the words around each place it occurs: a failed edit costs about a scan of its file, near miss or
 * not. Should the checks add up to more than the file's length (a file of one line repeated, a word that
 * occurs everywhere), the search gives up and one pass over the file matching as it reads (Knuth, Morris and
 * Pratt) decides instead, so the cost stays linear in the file and the text whatever they hold. Both give the
 * first match, so the hint is the same either way.
 */

/** Distinct words of old_content considered as the anchor: the longest, as the likeliest to be rare. */
const ANCHORS_CONSIDERED = 8;

/** Characters at the start of the file in which each considered anchor's occurrences are counted. */
const SAMPLE_CHARS = 4096;

/** Counting an anchor's occurrences in the sample stops here: past it, the anchor is common anyway. */
const SAMPLE_COUNT_CAP = 64;

/** Characters the checks around anchors may read, beyond the file's length, before the one-pass search. */
const CHECK_ALLOWANCE = 1024;

/** JavaScript's `\s`: the characters a run of which counts as one space. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * The 1-based line where text equal to `needle` up to whitespace starts in `content`, or null when there is
 * none (or `needle` is only whitespace). `checkAllowance` is how many characters the checks around anchors
 * may read before the one-pass search decides (the answer is the same whatever it is; tests vary it).
 * @example nearMissLine("FROM x\n  RUN  a\n", "RUN a") // 2
 */
export function nearMissLine(content: string, needle: string, checkAllowance = content.length + CHECK_ALLOWANCE): number | null {
  // Read as single spaces, the file is never longer than it is: a longer text cannot be in it.
  const words = wordsOf(needle, content.length);
  if (words === undefined || words.count === 0) return null;
  const start = anchoredSearch(content, needle, words, checkAllowance);
  if (start === undefined) return firstMatchLine(content, collapsed(needle));
  return start === null ? null : lineAt(content, start);
}

/** Where each word of a text starts and ends (`bounds[2i]`, `bounds[2i + 1]`). */
interface Words {
  bounds: Int32Array;
  count: number;
}

/** `text`'s words, or undefined as soon as they are seen to be longer than `longest` when collapsed. */
function wordsOf(text: string, longest: number): Words | undefined {
  const bounds = new Int32Array(Math.min(text.length + 1, longest + 2));
  let count = 0;
  let collapsedLength = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !isSpace(text.charCodeAt(i))) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    bounds[2 * count] = start;
    bounds[2 * count + 1] = i;
    collapsedLength += i - start + (count > 0 ? 1 : 0);
    if (collapsedLength > longest) return undefined;
    count++;
    start = -1;
  }
  return { bounds, count };
}

/**
 * The offset in `content` where the first match of `needle`'s words starts, null when there is none, or
 * undefined when the checks would read more than `allowance` characters.
 */
function anchoredSearch(content: string, needle: string, words: Words, allowance: number): number | null | undefined {
  const anchor = chooseAnchor(content, needle, words);
  const word = needle.slice(words.bounds[2 * anchor], words.bounds[2 * anchor + 1]);
  const check = { read: 0 };
  // Matches start in the order their anchors do (each anchor fixes its match), so the first that checks out
  // is the first match.
  for (let at = content.indexOf(word); at !== -1; at = content.indexOf(word, at + 1)) {
    check.read += word.length;
    const start = matchAround(content, needle, words, anchor, at, check);
    if (start >= 0) return start;
    if (check.read > allowance) return undefined;
  }
  return null;
}

/**
 * Of the longest few words, the one that occurs least often in the start of the file (the longer on a tie),
 * so that few places need checking.
 */
function chooseAnchor(content: string, needle: string, words: Words): number {
  const sample = content.length > SAMPLE_CHARS ? content.slice(0, SAMPLE_CHARS) : content;
  let best = 0;
  let bestCount = Infinity;
  let bestLength = 0;
  for (const i of longestWords(needle, words)) {
    const word = needle.slice(words.bounds[2 * i], words.bounds[2 * i + 1]);
    let count = 0;
    for (let at = sample.indexOf(word); at !== -1 && count <= Math.min(bestCount, SAMPLE_COUNT_CAP); at = sample.indexOf(word, at + 1)) count++;
    if (count < bestCount || (count === bestCount && word.length > bestLength)) {
      best = i;
      bestCount = count;
      bestLength = word.length;
    }
  }
  return best;
}

/**
 * Indexes of the ANCHORS_CONSIDERED longest distinct words (the first of each), in one pass over the words:
 * a text that repeats its longest word still offers other anchors.
 */
function longestWords(needle: string, words: Words): number[] {
  const length = (i: number) => words.bounds[2 * i + 1]! - words.bounds[2 * i]!;
  const text = (i: number) => needle.slice(words.bounds[2 * i], words.bounds[2 * i + 1]);
  const chosen: number[] = [];
  const chosenText: string[] = [];
  let shortest = 0;
  for (let i = 0; i < words.count; i++) {
    const full = chosen.length === ANCHORS_CONSIDERED;
    if (full && length(i) <= length(chosen[shortest]!)) continue;
    const word = text(i);
    if (chosenText.includes(word)) continue;
    if (full) {
      chosen[shortest] = i;
      chosenText[shortest] = word;
    } else {
      chosen.push(i);
      chosenText.push(word);
    }
    shortest = 0;
    for (let k = 1; k < chosen.length; k++) if (length(chosen[k]!) < length(chosen[shortest]!)) shortest = k;
  }
  return chosen;
}

/**
 * Whether the words around anchor word `anchor`, found at `at`, are in the file as the text has them, each two
 * with a whitespace run between: the offset the match starts at, or -1. It checks a word before, then one
 * after, and so on, so that a word that tells two places apart is reached soon on whichever side it is. Adds
 * what it reads to `check.read`.
 */
function matchAround(content: string, needle: string, words: Words, anchor: number, at: number, check: { read: number }): number {
  const { bounds, count } = words;
  let start = at;
  let end = at + bounds[2 * anchor + 1]! - bounds[2 * anchor]!;
  for (let before = anchor - 1, after = anchor + 1; before >= 0 || after < count; before--, after++) {
    if (before >= 0) {
      if (start === 0 || !isSpace(content.charCodeAt(start - 1))) return -1;
      while (start > 0 && isSpace(content.charCodeAt(start - 1))) {
        start--;
        check.read++;
      }
      const from = bounds[2 * before]!;
      const length = bounds[2 * before + 1]! - from;
      if (!sameAt(content, start - length, needle, from, length, check)) return -1;
      start -= length;
    }
    if (after < count) {
      if (end >= content.length || !isSpace(content.charCodeAt(end))) return -1;
      while (end < content.length && isSpace(content.charCodeAt(end))) {
        end++;
        check.read++;
      }
      const from = bounds[2 * after]!;
      const length = bounds[2 * after + 1]! - from;
      if (!sameAt(content, end, needle, from, length, check)) return -1;
      end += length;
    }
  }
  return start;
}

/** Whether `content` holds `needle`'s `length` characters from `from` at offset `at`. */
function sameAt(content: string, at: number, needle: string, from: number, length: number, check: { read: number }): boolean {
  if (at < 0 || at + length > content.length) return false;
  for (let k = 0; k < length; k++) {
    check.read++;
    if (content.charCodeAt(at + k) !== needle.charCodeAt(from + k)) return false;
  }
  return true;
}

/** The 1-based line of offset `at`. */
function lineAt(content: string, at: number): number {
  let line = 1;
  for (let nl = content.indexOf("\n"); nl !== -1 && nl < at; nl = content.indexOf("\n", nl + 1)) line++;
  return line;
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
