/**
 * BuildKit's word processing: the quotes, escapes and `$VAR`/`${VAR…}` substitutions it applies to the words of
 * ENV, LABEL, ARG, COPY, ADD, WORKDIR, USER, VOLUME, STOPSIGNAL, EXPOSE and FROM before using them, with the
 * errors its shell lexer reports (an unmatched quote, `${a.b}`, `${}`, a missing `}`). Those errors fail the build
 * while the Dockerfile is converted, before anything runs. A `${VAR?msg}` that is unset is not reported: the
 * values a real build has are not all known here, and a simulator never invents a failure.
 */

export type WordResult = { ok: true; value: string } | { ok: false; error: string };

class LexError extends Error {}

/** Go's `%q`, as BuildKit quotes the word in its message (JSON's escapes agree for the characters at stake). */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}

class Lexer {
  private i = 0;

  constructor(
    private readonly s: string,
    private readonly vars: ReadonlyMap<string, string>,
    private readonly escape: string,
  ) {}

  private peek(): string | undefined {
    return this.s[this.i];
  }

  private next(): string | undefined {
    return this.s[this.i++];
  }

  /** Reads up to `stop` (consumed) or the end of the word. */
  word(stop: string | undefined): string {
    let out = "";
    while (this.peek() !== undefined) {
      const c = this.peek()!;
      if (stop !== undefined && c === stop) {
        this.i += 1;
        return out;
      }
      if (c === "$") out += this.dollar();
      else if (c === "'") out += this.singleQuoted();
      else if (c === '"') out += this.doubleQuoted();
      else {
        this.i += 1;
        if (c === this.escape) {
          const escaped = this.next();
          if (escaped === undefined) break;
          out += escaped;
        } else out += c;
      }
    }
    if (stop !== undefined) throw new LexError(`unexpected end of statement while looking for matching ${stop}`);
    return out;
  }

  private singleQuoted(): string {
    this.i += 1;
    let out = "";
    for (;;) {
      const c = this.next();
      if (c === undefined) throw new LexError("unexpected end of statement while looking for matching single-quote");
      if (c === "'") return out;
      out += c;
    }
  }

  private doubleQuoted(): string {
    this.i += 1;
    let out = "";
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new LexError("unexpected end of statement while looking for matching double-quote");
      if (c === '"') {
        this.i += 1;
        return out;
      }
      if (c === "$") {
        out += this.dollar();
        continue;
      }
      this.i += 1;
      if (c === this.escape) {
        const after = this.peek();
        if (after === undefined) continue;
        if (after === '"' || after === "$" || after === this.escape) {
          out += after;
          this.i += 1;
          continue;
        }
      }
      out += c;
    }
  }

  /** A parameter name: digits, one special character, or letters, digits and underscores. */
  private name(): string {
    const c = this.peek();
    if (c === undefined) return "";
    if (/\d/.test(c)) {
      let digits = "";
      while (this.peek() !== undefined && /\d/.test(this.peek()!)) digits += this.next();
      return digits;
    }
    if ("@*#?-$!0".includes(c)) return this.next()!;
    let name = "";
    while (this.peek() !== undefined && /[\p{L}\p{N}_]/u.test(this.peek()!)) name += this.next();
    return name;
  }

  private dollar(): string {
    this.i += 1;
    if (this.peek() !== "{") {
      const name = this.name();
      return name === "" ? "$" : (this.vars.get(name) ?? "");
    }
    this.i += 1;
    const first = this.peek();
    if (first === undefined) throw new LexError("syntax error: missing '}'");
    if (first === "{" || first === "}" || first === ":") throw new LexError("syntax error: bad substitution");
    const name = this.name();
    // Go reads past the end as the replacement character, which is what the message then shows.
    let op = this.next() ?? "\uFFFD";
    const value = this.vars.get(name);
    if (op === "}") return value ?? "";
    let nullIsUnset = false;
    if (op === ":") {
      nullIsUnset = true;
      op += this.next() ?? "\uFFFD";
    }
    const modifier = op[op.length - 1]!;
    if (nullIsUnset || "+-?#%".includes(op)) {
      // After `:` any character is read as a modifier, and the word up to `}` is read before it is judged.
      const word = this.until("}", "syntax error: missing '}'");
      const empty = value === undefined || (nullIsUnset && value === "");
      if (modifier === "-") return empty ? word : value!;
      if (modifier === "+") return empty ? "" : word;
      if (modifier === "?" || modifier === "#" || modifier === "%") return value ?? ""; // removals: the value's shape is not modelled
      throw new LexError(`unsupported modifier (${op}) in substitution`);
    }
    if (op === "/") {
      if (this.peek() === "/") this.i += 1;
      this.until("/", "syntax error: missing '/' in ${}");
      this.until("}", "syntax error: missing '}'");
      return value ?? "";
    }
    throw new LexError(`unsupported modifier (${op}) in substitution`);
  }

  /** The word up to `stop`; at the end of the input, BuildKit's message for the missing delimiter. */
  private until(stop: string, atEnd: string): string {
    try {
      return this.word(stop);
    } catch (e) {
      if (e instanceof LexError && this.peek() === undefined) throw new LexError(atEnd);
      throw e;
    }
  }
}

/**
 * Processes one word as BuildKit's lexer does: quotes removed, escapes applied, variables substituted from
 * `vars`; or BuildKit's error, `failed to process "<word>": <reason>`.
 * @example processWord("${a.b}", new Map()) // { ok: false, error: 'failed to process "${a.b}": unsupported modifier (.) in substitution' }
 */
export function processWord(word: string, vars: ReadonlyMap<string, string> = new Map(), escape = "\\"): WordResult {
  try {
    return { ok: true, value: new Lexer(word, vars, escape).word(undefined) };
  } catch (e) {
    if (e instanceof LexError) return { ok: false, error: `failed to process ${goQuote(word)}: ${e.message}` };
    throw e;
  }
}
