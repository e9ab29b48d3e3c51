import { MAX_VALUE_CHARS } from "../value-limits.js";

/**
 * Dockerfile variable substitution (`$VAR`, `${VAR}`, `${VAR:-word}`, `${VAR:+word}`) in the instructions that
 * support it: FROM (global ARGs only), COPY/ADD, WORKDIR, ENV, EXPOSE, USER, LABEL, VOLUME, STOPSIGNAL. A value
 * that would grow past MAX_VALUE_CHARS (`ENV A=$A$A`, again and again) stops at the bound: DF014 refuses such a
 * Dockerfile before anything is built (see `substitution`), so the cut value is never credited.
 */
export function substitute(text: string, vars: ReadonlyMap<string, string>, escape = "\\"): string {
  return substitution(text, vars, escape).value;
}

/**
 * Substitutes as `substitute` does and says whether the value was cut at MAX_VALUE_CHARS, and how long it
 * would have been.
 * @example substitution("$A$A", new Map([["A", "x"]])) // { value: "xx", chars: 2, cut: false }
 */
export function substitution(text: string, vars: ReadonlyMap<string, string>, escape = "\\"): { value: string; chars: number; cut: boolean } {
  const pieces: string[] = [];
  let chars = 0;
  // Past the bound only the length is counted: the value is never built.
  const append = (piece: string): void => {
    if (chars + piece.length <= MAX_VALUE_CHARS) pieces.push(piece);
    else if (chars < MAX_VALUE_CHARS) pieces.push(piece.slice(0, MAX_VALUE_CHARS - chars));
    chars += piece.length;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === escape && text[i + 1] === "$") {
      append("$");
      i += 1;
      continue;
    }
    if (c !== "$") {
      append(c);
      continue;
    }
    const braced = /^\{([A-Za-z_][A-Za-z0-9_]*)(?:(:[-+])([^}]*))?\}/.exec(text.slice(i + 1));
    if (braced) {
      const value = vars.get(braced[1]!);
      const op = braced[2];
      if (op === ":-") append(value === undefined || value === "" ? braced[3]! : value);
      else if (op === ":+") append(value === undefined || value === "" ? "" : braced[3]!);
      else append(value ?? "");
      i += braced[0].length;
      continue;
    }
    const plain = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1));
    if (plain) {
      append(vars.get(plain[0]) ?? "");
      i += plain[0].length;
      continue;
    }
    append(c);
  }
  return { value: pieces.join(""), chars, cut: chars > MAX_VALUE_CHARS };
}

/** Removes one level of surrounding quotes, as Dockerfile word processing does. */
export function unquote(word: string): string {
  return /^(["']).*\1$/s.test(word) ? word.slice(1, -1) : word;
}

/** Splits arguments into words, honouring quotes (COPY "a b" ./). */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const m of text.matchAll(re)) words.push(m[1] ?? m[2] ?? m[3] ?? "");
  return words;
}
