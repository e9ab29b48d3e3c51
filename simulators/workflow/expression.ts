/**
 * The `${{ }}` expression language: a lexer and recursive-descent parser that accept what GitHub accepts
 * and fail with GitHub's own messages ("Unrecognized named-value: 'secrets'. Located at position 1 within
 * expression: secrets.X"), given the contexts and functions available where the expression sits.
 */

export type Expr =
  | { kind: "literal"; value: string | number | boolean | null }
  | { kind: "context"; name: string }
  | { kind: "index"; target: Expr; key: Expr | "*" }
  | { kind: "call"; name: string; args: Expr[] }
  | { kind: "not"; expr: Expr }
  | { kind: "binary"; op: "==" | "!=" | "<" | "<=" | ">" | ">="; left: Expr; right: Expr }
  | { kind: "logical"; op: "&&" | "||"; args: Expr[] };

/** Why an expression is rejected; `kind` lets rules tell a syntax error from a context not available. */
export interface ExpressionError {
  kind: "syntax" | "named-value" | "function";
  message: string;
}

/** What an expression may use where it sits: context names and functions beyond the built-in ones. */
export interface Availability {
  contexts: ReadonlySet<string>;
  /** lower-case name → [min, max] arguments */
  functions: ReadonlyMap<string, [number, number]>;
}

const BUILTIN_FUNCTIONS = new Map<string, [number, number]>([
  ["contains", [2, 2]],
  ["startswith", [2, 2]],
  ["endswith", [2, 2]],
  ["format", [1, 255]],
  ["join", [1, 2]],
  ["tojson", [1, 1]],
  ["fromjson", [1, 1]],
  ["case", [3, 255]],
]);

const MAX_DEPTH = 50;

/** Splits a schema context list such as `["github", "always(0,0)", "hashFiles(1,255)"]`. */
export function availability(context: readonly string[]): Availability {
  const contexts = new Set<string>();
  const functions = new Map<string, [number, number]>();
  for (const entry of context) {
    const m = /^([A-Za-z_]+)\((\d+),(\d+|MAX)\)$/.exec(entry);
    if (m) functions.set(m[1]!.toLowerCase(), [Number(m[2]), m[3] === "MAX" ? 255 : Number(m[3])]);
    else contexts.add(entry.toLowerCase());
  }
  return { contexts, functions };
}

type TokenType = "(" | ")" | "[" | "]" | "," | "." | "!" | "op" | "&&" | "||" | "*" | "number" | "string" | "ident" | "true" | "false" | "null" | "eof";

interface Token {
  type: TokenType;
  lexeme: string;
  value?: string | number;
  pos: number;
}

class Failure extends Error {
  constructor(readonly detail: ExpressionError) {
    super(detail.message);
  }
}

function fail(kind: ExpressionError["kind"], what: string, token: Token, input: string): Failure {
  const shown = token.type === "eof" ? "EOF" : token.type === "string" ? String(token.value) : token.lexeme;
  return new Failure({ kind, message: `${what}: '${shown}'. Located at position ${token.pos + 1} within expression: ${input}` });
}

const BOUNDARY = /[()[\],.!><=&|\s]/;

function lex(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const prev = (): TokenType | undefined => tokens[tokens.length - 1]?.type;
  const symbolError = (start: number, lexeme: string): Failure =>
    new Failure({ kind: "syntax", message: `Unexpected symbol: '${lexeme}'. Located at position ${start + 1} within expression: ${input}` });
  const readWord = (start: number): string => {
    let j = start + 1;
    while (j < input.length && !BOUNDARY.test(input[j]!)) j++;
    i = j;
    return input.slice(start, j);
  };
  const readNumber = (start: number): void => {
    let j = start + 1;
    while (j < input.length && (!BOUNDARY.test(input[j]!) || input[j] === ".")) j++;
    i = j;
    const lexeme = input.slice(start, j);
    const value = Number(lexeme);
    if (lexeme.trim() === "" || Number.isNaN(value)) throw symbolError(start, lexeme);
    tokens.push({ type: "number", lexeme, value, pos: start });
  };
  while (i < input.length) {
    const start = i;
    const c = input[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if ("()[],*".includes(c)) {
      tokens.push({ type: c as TokenType, lexeme: c, pos: start });
      i++;
      continue;
    }
    if (c === ".") {
      const p = prev();
      if (p === "ident" || p === "]" || p === ")" || p === "*") {
        tokens.push({ type: ".", lexeme: ".", pos: start });
        i++;
      } else readNumber(start);
      continue;
    }
    if (c === "-" || c === "+" || (c >= "0" && c <= "9")) {
      readNumber(start);
      continue;
    }
    const two = input.slice(i, i + 2);
    if (two === "==" || two === "!=" || two === "<=" || two === ">=") {
      tokens.push({ type: "op", lexeme: two, pos: start });
      i += 2;
      continue;
    }
    if (c === "<" || c === ">") {
      tokens.push({ type: "op", lexeme: c, pos: start });
      i++;
      continue;
    }
    if (c === "!") {
      tokens.push({ type: "!", lexeme: c, pos: start });
      i++;
      continue;
    }
    if (two === "&&" || two === "||") {
      tokens.push({ type: two, lexeme: two, pos: start });
      i += 2;
      continue;
    }
    if (c === "=" || c === "&" || c === "|") throw symbolError(start, readWord(start));
    if (c === "'") {
      let j = i + 1;
      let text = "";
      for (;;) {
        if (j >= input.length) throw symbolError(start, input.slice(start));
        if (input[j] === "'") {
          if (input[j + 1] === "'") {
            text += "'";
            j += 2;
            continue;
          }
          break;
        }
        text += input[j];
        j++;
      }
      i = j + 1;
      tokens.push({ type: "string", lexeme: input.slice(start, i), value: text, pos: start });
      continue;
    }
    const word = readWord(start);
    if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(word)) throw symbolError(start, word);
    const keyword = prev() === "." ? undefined : word === "true" || word === "false" || word === "null" ? word : undefined;
    tokens.push({ type: keyword ?? "ident", lexeme: word, pos: start });
  }
  tokens.push({ type: "eof", lexeme: "", pos: input.length });
  return tokens;
}

class Parser {
  private at = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly input: string,
    private readonly allowed: Availability,
  ) {}

  parse(): Expr | null {
    if (this.peek().type === "eof") return null;
    const expr = this.expression();
    if (this.peek().type !== "eof") throw fail("syntax", "Unexpected symbol", this.peek(), this.input);
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.at]!;
  }
  private previous(): Token {
    return this.tokens[Math.max(0, this.at - 1)]!;
  }
  private match(type: TokenType, lexeme?: string): boolean {
    const t = this.peek();
    if (t.type !== type || (lexeme !== undefined && t.lexeme !== lexeme)) return false;
    this.at++;
    return true;
  }
  private expect(type: TokenType): void {
    if (!this.match(type)) throw fail("syntax", "Unexpected symbol", this.peek(), this.input);
  }
  private deeper<T>(f: () => T): T {
    if (++this.depth > MAX_DEPTH) throw fail("syntax", `Exceeded max expression depth ${MAX_DEPTH}`, this.peek(), this.input);
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  private expression(): Expr {
    return this.deeper(() => this.logical("||", () => this.logical("&&", () => this.equality())));
  }
  private logical(op: "&&" | "||", next: () => Expr): Expr {
    const first = next();
    if (this.peek().type !== op) return first;
    const args = [first];
    while (this.match(op)) args.push(next());
    return { kind: "logical", op, args };
  }
  private equality(): Expr {
    let left = this.comparison();
    while (this.peek().type === "op" && (this.peek().lexeme === "==" || this.peek().lexeme === "!=")) {
      const op = this.tokens[this.at++]!.lexeme as "==" | "!=";
      left = { kind: "binary", op, left, right: this.comparison() };
    }
    return left;
  }
  private comparison(): Expr {
    let left = this.unary();
    while (this.peek().type === "op" && ["<", "<=", ">", ">="].includes(this.peek().lexeme)) {
      const op = this.tokens[this.at++]!.lexeme as "<" | "<=" | ">" | ">=";
      left = { kind: "binary", op, left, right: this.unary() };
    }
    return left;
  }
  private unary(): Expr {
    if (this.match("!")) return this.deeper(() => ({ kind: "not", expr: this.unary() }) as Expr);
    return this.postfix();
  }
  private postfix(): Expr {
    let expr = this.call();
    if (expr.kind !== "context" && expr.kind !== "call" && !(expr as { grouped?: boolean }).grouped) return expr;
    for (;;) {
      if (this.match("[")) {
        const key: Expr | "*" = this.match("*") ? "*" : this.expression();
        this.expect("]");
        expr = { kind: "index", target: expr, key };
      } else if (this.match(".")) {
        if (this.match("ident")) expr = { kind: "index", target: expr, key: { kind: "literal", value: this.previous().lexeme } };
        else if (this.match("*")) expr = { kind: "index", target: expr, key: "*" };
        else throw fail("syntax", "Unexpected symbol", this.peek(), this.input);
      } else return expr;
    }
  }
  private call(): Expr {
    if (this.peek().type !== "ident") return this.primary();
    const name = this.tokens[this.at++]!;
    if (!this.match("(")) {
      if (!this.allowed.contexts.has(name.lexeme.toLowerCase())) throw fail("named-value", "Unrecognized named-value", name, this.input);
      return { kind: "context", name: name.lexeme.toLowerCase() };
    }
    const args: Expr[] = [];
    while (!this.match(")")) {
      if (this.peek().type === "eof") throw fail("syntax", "Unexpected end of expression", this.previous(), this.input);
      args.push(this.expression());
      if (this.peek().type !== ")") this.expect(",");
    }
    const lower = name.lexeme.toLowerCase();
    const arity = BUILTIN_FUNCTIONS.get(lower) ?? this.allowed.functions.get(lower);
    if (!arity) throw fail("function", "Unrecognized function", name, this.input);
    if (args.length < arity[0]) throw fail("syntax", "Too few parameters supplied", name, this.input);
    if (args.length > arity[1]) throw fail("syntax", "Too many parameters supplied", name, this.input);
    if (lower === "case" && args.length % 2 === 0)
      throw fail("syntax", "Even number of parameters supplied, requires an odd number of parameters", name, this.input);
    return { kind: "call", name: lower, args };
  }
  private primary(): Expr {
    const t = this.peek();
    switch (t.type) {
      case "true":
      case "false":
        this.at++;
        return { kind: "literal", value: t.type === "true" };
      case "null":
        this.at++;
        return { kind: "literal", value: null };
      case "number":
      case "string":
        this.at++;
        return { kind: "literal", value: t.value ?? null };
      case "(": {
        this.at++;
        const inner = this.expression();
        if (this.peek().type === "eof") throw fail("syntax", "Unexpected end of expression", this.previous(), this.input);
        this.expect(")");
        return Object.assign(inner, { grouped: true });
      }
      case "eof":
        throw fail("syntax", "Unexpected end of expression", this.previous(), this.input);
      default:
        throw fail("syntax", "Unexpected symbol", t, this.input);
    }
  }
}

/** Parses an expression (the text between `${{` and `}}`, trimmed). Never throws. */
export function parseExpression(input: string, allowed: Availability): { expr: Expr | null } | { error: ExpressionError } {
  if (input.trim() === "") return { error: { kind: "syntax", message: "An expression was expected" } };
  try {
    return { expr: new Parser(lex(input), input, allowed).parse() };
  } catch (error) {
    if (error instanceof Failure) return { error: error.detail };
    return { error: { kind: "syntax", message: error instanceof Error ? error.message : String(error) } };
  }
}

/** A `${{ … }}` occurrence in a string: its inner text and offset, or an unclosed opening. */
export interface Embedded {
  start: number;
  end: number;
  inner: string;
}

/**
 * Finds the `${{ }}` expressions embedded in a string, as GitHub's template reader does (a `}}` inside a
 * single-quoted string literal does not close it). Returns null when one is not closed.
 */
export function findEmbedded(text: string): Embedded[] | null {
  const out: Embedded[] = [];
  let from = text.indexOf("${{");
  while (from >= 0) {
    let inString = false;
    let end = -1;
    for (let i = from + 3; i < text.length; i++) {
      if (text[i] === "'") inString = !inString;
      else if (!inString && text[i] === "}" && text[i - 1] === "}") {
        end = i + 1;
        break;
      }
    }
    if (end < 0) return null;
    out.push({ start: from, end, inner: text.slice(from + 3, end - 2).trim() });
    from = text.indexOf("${{", end);
  }
  return out;
}
