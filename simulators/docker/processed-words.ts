/**
 * Which words of each instruction BuildKit puts through its word processing (word-lexer.ts), split the way its
 * parser splits them: ENV and LABEL keys and values, ARG defaults, COPY/ADD sources, destination and --chown,
 * WORKDIR, USER, STOPSIGNAL, VOLUME and EXPOSE arguments, FROM's base name and --platform. RUN, CMD, ENTRYPOINT,
 * HEALTHCHECK and SHELL are left to the shell, ONBUILD to the build that triggers it.
 */
import type { Instruction } from "./parse.js";

/**
 * The parser's split of `name=value` lists: whitespace ends a word outside quotes, quotes and escapes are kept
 * for the word processing to read, an unterminated quote runs to the end of the line.
 */
export function splitQuotedWords(rest: string, escape: string): string[] {
  const words: string[] = [];
  let word = "";
  let started = false;
  let quote: string | null = null;
  const chars = [...rest];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (quote === null && /\s/.test(c)) {
      if (started) words.push(word);
      word = "";
      started = false;
      continue;
    }
    started = true;
    if (quote === null) {
      if (c === "'" || c === '"') quote = c;
      else if (c === escape) {
        if (i === chars.length - 1) continue; // an escape at the end of the line is dropped
        word += c + chars[++i]!;
        continue;
      }
      word += c;
      continue;
    }
    if (c === quote) quote = null;
    else if (c === escape && quote !== "'") {
      if (i === chars.length - 1) continue;
      word += c + chars[++i]!;
      continue;
    }
    word += c;
  }
  if (started) words.push(word);
  return words;
}

/** ENV and LABEL pairs as the parser reads them: `k=v` words, or the legacy `key value…` form. */
function namedValues(rest: string, escape: string): string[] {
  const text = rest.trim();
  const words = splitQuotedWords(text, escape);
  if (words.length === 0) return [];
  if (!words[0]!.includes("=")) {
    const m = /^(\S+)\s+([\s\S]*)$/.exec(text);
    return m ? [m[1]!, m[2]!] : [text];
  }
  return words.flatMap((w) => {
    const eq = w.indexOf("=");
    return eq < 0 ? [] : [w.slice(0, eq), w.slice(eq + 1)];
  });
}

function whitespaceWords(text: string): string[] {
  return text.split(/[\t\v\f\r ]+/).filter((w) => w !== "");
}

/**
 * The words of `i` BuildKit processes, as written. For ARG only defaults count (a build arg given for the name
 * replaces its default unprocessed); `givenArgs` are the build args the build passes.
 */
export function processedWords(i: Instruction, escape: string, givenArgs: ReadonlySet<string> = new Set()): string[] {
  switch (i.keyword) {
    case "ENV":
    case "LABEL":
      return namedValues(i.args, escape);
    case "ARG":
      return splitQuotedWords(i.args.trim(), escape).flatMap((w) => {
        const eq = w.indexOf("=");
        return eq < 0 || givenArgs.has(w.slice(0, eq)) ? [] : [w.slice(eq + 1)];
      });
    case "COPY":
    case "ADD": {
      if (i.heredocs.length > 0) return [];
      const chown = i.flags.get("chown");
      return [...(chown ? [chown] : []), ...(i.json ?? whitespaceWords(i.args))];
    }
    case "WORKDIR":
    case "USER":
    case "STOPSIGNAL":
      return i.args.trim() === "" ? [] : [i.args.trim()];
    case "VOLUME":
      return i.json ?? whitespaceWords(i.args);
    case "EXPOSE":
      return whitespaceWords(i.args);
    case "FROM": {
      const platform = i.flags.get("platform");
      return [...(whitespaceWords(i.args).slice(0, 1)), ...(platform ? [platform] : [])];
    }
    default:
      return [];
  }
}
