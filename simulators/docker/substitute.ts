/**
 * Dockerfile variable substitution (`$VAR`, `${VAR}`, `${VAR:-word}`, `${VAR:+word}`) in the instructions that
 * support it: FROM (global ARGs only), COPY/ADD, WORKDIR, ENV, EXPOSE, USER, LABEL, VOLUME, STOPSIGNAL.
 */
export function substitute(text: string, vars: ReadonlyMap<string, string>, escape = "\\"): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === escape && text[i + 1] === "$") {
      out += "$";
      i += 1;
      continue;
    }
    if (c !== "$") {
      out += c;
      continue;
    }
    const braced = /^\{([A-Za-z_][A-Za-z0-9_]*)(?:(:[-+])([^}]*))?\}/.exec(text.slice(i + 1));
    if (braced) {
      const value = vars.get(braced[1]!);
      const op = braced[2];
      if (op === ":-") out += value === undefined || value === "" ? braced[3]! : value;
      else if (op === ":+") out += value === undefined || value === "" ? "" : braced[3]!;
      else out += value ?? "";
      i += braced[0].length;
      continue;
    }
    const plain = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1));
    if (plain) {
      out += vars.get(plain[0]) ?? "";
      i += plain[0].length;
      continue;
    }
    out += c;
  }
  return out;
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
