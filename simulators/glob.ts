/**
 * Glob patterns matched in linear time: `.dockerignore` lines, COPY sources and artifact paths. A pattern is
 * compiled to a short list of tokens and matched by walking every live position at once (a Thompson-style
 * simulation), so `*a*a*a*a*a*a*b` against a long name costs the name's length times the pattern's, never
 * the exponential backtracking a regular expression can take. A pattern the real tools reject is reported as
 * such rather than matched.
 *
 * Syntax (Go's filepath.Match, as Docker and BuildKit use it, plus `**`): `*` any run of characters but `/`,
 * `?` one character but `/`, `[abc]`, `[a-z]`, `[^a-z]` (and `[!a-z]`) a class, `\x` the character x, and
 * `**` any run of characters, `/` included (`a/**\/b` also matches `a/b`).
 */

type Token =
  | { kind: "char"; char: string }
  | { kind: "one" }
  | { kind: "class"; negated: boolean; ranges: Array<[string, string]> }
  | { kind: "star" }
  | { kind: "globstar" }
  /** `**\/`: nothing, or any run of characters ending in `/`. */
  | { kind: "dirs" };

export interface Glob {
  readonly source: string;
  readonly tokens: readonly Token[];
}

/** Why a pattern is not one the tools accept (Go's filepath.ErrBadPattern). */
export class GlobSyntaxError extends Error {
  constructor(
    readonly pattern: string,
    detail: string,
  ) {
    super(`syntax error in pattern ${JSON.stringify(pattern)}: ${detail}`);
    this.name = "GlobSyntaxError";
  }
}

/** Patterns longer than this are refused: no real ignore file or COPY source comes near it. */
export const MAX_PATTERN_LENGTH = 4096;

function readClass(pattern: string, start: number): { token: Token; end: number } {
  let i = start + 1;
  let negated = false;
  if (pattern[i] === "^" || pattern[i] === "!") {
    negated = true;
    i++;
  }
  const ranges: Array<[string, string]> = [];
  let first = true;
  for (;;) {
    if (i >= pattern.length) throw new GlobSyntaxError(pattern, "unterminated character class");
    let c = pattern[i]!;
    if (c === "]" && !first) return { token: { kind: "class", negated, ranges }, end: i };
    first = false;
    if (c === "\\") {
      i++;
      if (i >= pattern.length) throw new GlobSyntaxError(pattern, "trailing backslash");
      c = pattern[i]!;
    }
    let high = c;
    if (pattern[i + 1] === "-" && pattern[i + 2] !== undefined && pattern[i + 2] !== "]") {
      i += 2;
      high = pattern[i]!;
      if (high === "\\") {
        i++;
        if (i >= pattern.length) throw new GlobSyntaxError(pattern, "trailing backslash");
        high = pattern[i]!;
      }
      if (high < c) throw new GlobSyntaxError(pattern, `invalid character class range ${c}-${high}`);
    }
    ranges.push([c, high]);
    i++;
  }
}

/**
 * Compiles a pattern.
 * @throws GlobSyntaxError for an unterminated or reversed class, a trailing backslash, or a pattern over
 * MAX_PATTERN_LENGTH characters.
 */
export function compileGlob(pattern: string): Glob {
  if (pattern.length > MAX_PATTERN_LENGTH) throw new GlobSyntaxError(pattern.slice(0, 40) + "…", `longer than ${MAX_PATTERN_LENGTH} characters`);
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*") {
      if (pattern[i + 1] === "*") {
        while (pattern[i + 1] === "*") i++;
        if (pattern[i + 1] === "/") {
          tokens.push({ kind: "dirs" });
          i++;
        } else tokens.push({ kind: "globstar" });
      } else if (tokens[tokens.length - 1]?.kind !== "star") tokens.push({ kind: "star" });
    } else if (c === "?") tokens.push({ kind: "one" });
    else if (c === "[") {
      const { token, end } = readClass(pattern, i);
      tokens.push(token);
      i = end;
    } else if (c === "\\") {
      if (i + 1 >= pattern.length) throw new GlobSyntaxError(pattern, "trailing backslash");
      tokens.push({ kind: "char", char: pattern[++i]! });
    } else tokens.push({ kind: "char", char: c });
  }
  return { source: pattern, tokens };
}

function inClass(token: Extract<Token, { kind: "class" }>, c: string): boolean {
  const hit = token.ranges.some(([low, high]) => c >= low && c <= high);
  return c !== "/" && hit !== token.negated;
}

/**
 * Positions: p < n means "tokens before p are matched"; n is the end (accept). A `**\/` token at p that has
 * started consuming is the extra state n + 1 + p, which a `/` ends.
 */
function close(tokens: readonly Token[], positions: Iterable<number>): Set<number> {
  const n = tokens.length;
  const out = new Set<number>();
  const stack = [...positions];
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (out.has(p)) continue;
    out.add(p);
    const t = p < n ? tokens[p]! : undefined;
    // A star, a globstar and `**/` may each match nothing.
    if (t && (t.kind === "star" || t.kind === "globstar" || t.kind === "dirs")) stack.push(p + 1);
  }
  return out;
}

/** Whether `glob` matches all of `text`. Linear in the text's length times the pattern's. */
export function matchGlob(glob: Glob, text: string): boolean {
  const { tokens } = glob;
  const n = tokens.length;
  let live = close(tokens, [0]);
  for (const c of text) {
    const next: number[] = [];
    for (const p of live) {
      if (p > n) {
        // Inside a `**/`: any character keeps it going; a `/` may also end it.
        next.push(p);
        if (c === "/") next.push(p - n - 1 + 1);
        continue;
      }
      if (p === n) continue;
      const t = tokens[p]!;
      switch (t.kind) {
        case "char":
          if (t.char === c) next.push(p + 1);
          break;
        case "one":
          if (c !== "/") next.push(p + 1);
          break;
        case "class":
          if (inClass(t, c)) next.push(p + 1);
          break;
        case "star":
          if (c !== "/") next.push(p);
          break;
        case "globstar":
          next.push(p);
          break;
        case "dirs":
          next.push(n + 1 + p);
          if (c === "/") next.push(p + 1);
          break;
      }
    }
    live = close(tokens, next);
    if (live.size === 0) return false;
  }
  return live.has(n);
}

/** Whether the pattern has glob syntax at all (else it names one path). */
export function hasGlobSyntax(pattern: string): boolean {
  return /[*?[\\]/.test(pattern);
}
