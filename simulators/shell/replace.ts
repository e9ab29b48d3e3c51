/**
 * `${VAR/pattern/string}` and `${VAR//pattern/string}` as bash does them, for a pattern that is plain text:
 * the first (or every) occurrence replaced. `${platform//\//-}` turns `windows/amd64` into `windows-amd64`
 * (moby/buildkit's test-os.yml names its artifacts that way). A pattern that is a glob, anchored (`/#`, `/%`)
 * or quoted, and a string with `&` (bash 5.2 puts the match there), are not modelled: null.
 */
import { checkValueLength } from "../value-limits.js";

/** Backslash-escaped text without its escapes, or null when it has glob, quote or expansion characters. */
function plain(text: string): string | null {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) out += text[++i];
    else if (/[*?[\]"'$`]/.test(c)) return null;
    else out += c;
  }
  return out;
}

/** The word after `/` or `//` split at its first unescaped `/`: the pattern and the string (empty when absent). */
function splitWord(word: string): [string, string] {
  for (let i = 0; i < word.length; i++) {
    if (word[i] === "\\") i++;
    else if (word[i] === "/") return [word.slice(0, i), word.slice(i + 1)];
  }
  return [word, ""];
}

/**
 * The value after a replacement, or null when the form is one this does not model.
 * @example replaceText("windows/amd64", "//", "\\//-") // "windows-amd64"
 */
export function replaceText(value: string, op: "/" | "//", word: string): string | null {
  if (word.startsWith("#") || word.startsWith("%")) return null;
  const [rawPattern, rawString] = splitWord(word);
  const pattern = plain(rawPattern);
  const string = plain(rawString);
  if (pattern === null || string === null || /(^|[^\\])&/.test(rawString)) return null;
  if (pattern === "") return value;
  if (op === "/") return value.replace(pattern, () => string);
  const pieces = value.split(pattern);
  // Measured before it is built: a long value with a long string in each of its matches would not fit in memory.
  checkValueLength(value.length + (pieces.length - 1) * (string.length - pattern.length));
  return pieces.join(string);
}
