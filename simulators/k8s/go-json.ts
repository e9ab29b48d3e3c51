/**
 * Where Go's encoding/json stops on text that is not JSON, and what it says: kubectl reads a stream that starts
 * with `{` with Go's JSON decoder, and when neither JSON nor YAML can read it, the JSON error is the one it
 * prints (`json: offset 57: invalid character '}' looking for beginning of object key string`). The checker
 * follows the states of Go's scanner (scanner.go) over one value, iteratively.
 */

export interface GoJsonError {
  /** Index of the character at fault (the text's length at its end). */
  index: number;
  /** Go's message: a SyntaxError's text, or `unexpected EOF` when the value never ends. */
  message: string;
  /** Whether Go reports a *json.SyntaxError (whose text kubectl prefixes with its offset). */
  syntax: boolean;
}

const SPACE = new Set([" ", "\t", "\r", "\n"]);
const DIGIT = /[0-9]/;
const HEX = /[0-9a-fA-F]/;
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t", "u"]);

/** Go's quoteChar: how a JSON syntax error shows the character at fault. */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return "'\"'";
  const code = c.charCodeAt(0);
  const escaped: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v", "\x07": "\\a", "\\": "\\\\" };
  if (escaped[c]) return `'${escaped[c]}'`;
  if (code < 0x20 || code === 0x7f) return `'\\x${code.toString(16).padStart(2, "0")}'`;
  if (code < 0x80) return `'${c}'`;
  // Go's scanner works on bytes: a non-ASCII character is shown by its first UTF-8 byte, read as a Latin-1 rune.
  const byte = Buffer.from(c, "utf8")[0]!;
  return byte < 0xa1 || byte === 0xad ? `'\\u00${byte.toString(16)}'` : `'${String.fromCharCode(byte)}'`;
}

/**
 * The first error Go's JSON decoder meets reading the value that starts at `start`, or null when the value is
 * JSON.
 * @example goJsonError('{"a": 1,}', 0)?.message // "invalid character '}' looking for beginning of object key string"
 */
export function goJsonError(text: string, start: number): GoJsonError | null {
  const stack: string[] = [];
  let i = start;
  let state: "value" | "value-or-close" | "key" | "key-or-close" | "colon" | "after-value" = "value";
  const bad = (context: string): GoJsonError => ({ index: i, message: `invalid character ${quoteChar(text[i]!)} ${context}`, syntax: true });
  const eof = (): GoJsonError => ({ index: text.length, message: "unexpected EOF", syntax: false });

  // Scans a string from its opening quote; leaves `i` after the closing one.
  const string = (): GoJsonError | null => {
    for (i++; i < text.length; i++) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return null;
      }
      if (c.charCodeAt(0) < 0x20) return bad("in string literal");
      if (c !== "\\") continue;
      i++;
      if (i >= text.length) return eof();
      if (!ESCAPES.has(text[i]!)) return bad("in string escape code");
      if (text[i] === "u") {
        for (let k = 0; k < 4; k++) {
          i++;
          if (i >= text.length) return eof();
          if (!HEX.test(text[i]!)) return bad("in \\u hexadecimal character escape");
        }
      }
    }
    return eof();
  };
  const digits = () => {
    while (i < text.length && DIGIT.test(text[i]!)) i++;
  };
  const number = (): GoJsonError | null => {
    if (text[i] === "-") {
      i++;
      if (i >= text.length) return eof();
      if (!DIGIT.test(text[i]!)) return bad("in numeric literal");
    }
    if (text[i] === "0") i++;
    else digits();
    if (text[i] === ".") {
      i++;
      if (i >= text.length) return eof();
      if (!DIGIT.test(text[i]!)) return bad("after decimal point in numeric literal");
      digits();
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      if (i >= text.length) return eof();
      if (!DIGIT.test(text[i]!)) return bad("in exponent of numeric literal");
      digits();
    }
    return null;
  };
  const literal = (word: string): GoJsonError | null => {
    for (let k = 1; k < word.length; k++) {
      i++;
      if (i >= text.length) return eof();
      if (text[i] !== word[k]) return bad(`in literal ${word} (expecting ${quoteChar(word[k]!)})`);
    }
    i++;
    return null;
  };

  for (;;) {
    while (i < text.length && SPACE.has(text[i]!)) i++;
    if (i >= text.length) return eof();
    const c = text[i]!;
    if (state === "colon") {
      if (c !== ":") return bad("after object key");
      i++;
      state = "value";
      continue;
    }
    if (state === "key" || state === "key-or-close") {
      if (c === "}" && state === "key-or-close") {
        i++;
        stack.pop();
        if (stack.length === 0) return null;
        state = "after-value";
        continue;
      }
      if (c !== '"') return bad("looking for beginning of object key string");
      const e = string();
      if (e) return e;
      state = "colon";
      continue;
    }
    if (state === "after-value") {
      const open = stack[stack.length - 1];
      const close = open === "{" ? "}" : "]";
      if (c === ",") {
        i++;
        state = open === "{" ? "key" : "value";
        continue;
      }
      if (c !== close) return bad(open === "{" ? "after object key:value pair" : "after array element");
      i++;
      stack.pop();
      if (stack.length === 0) return null;
      continue;
    }
    // A value is expected (or, just after `[`, the end of the array).
    if (c === "]" && state === "value-or-close") {
      i++;
      stack.pop();
      if (stack.length === 0) return null;
      state = "after-value";
      continue;
    }
    let e: GoJsonError | null = null;
    if (c === "{" || c === "[") {
      stack.push(c);
      i++;
      state = c === "{" ? "key-or-close" : "value-or-close";
      continue;
    }
    if (c === '"') e = string();
    else if (c === "-" || DIGIT.test(c)) e = number();
    else if (c === "t") e = literal("true");
    else if (c === "f") e = literal("false");
    else if (c === "n") e = literal("null");
    else return bad("looking for beginning of value");
    if (e) return e;
    if (stack.length === 0) return null;
    state = "after-value";
  }
}

/** Go's offset of an error: the bytes read up to and including the character at fault. */
export function goOffset(text: string, index: number): number {
  return Buffer.byteLength(text.slice(0, index), "utf8") + 1;
}
