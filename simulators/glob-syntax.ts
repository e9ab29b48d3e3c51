/**
 * How each tool reads a glob pattern, as the tokens simulators/glob.ts matches. The dialects differ in what
 * they accept and in what `**`, `[` and `\` mean:
 *
 * - `dockerignore`: moby/patternmatcher, BuildKit's reader of .dockerignore lines and of the context paths
 *   a Dockerfile's COPY sources name. A pattern is first checked with Go's filepath.Match (an unterminated
 *   class, `[]`, `[-a]`, `[a-]` or a trailing backslash is "syntax error in pattern" at once), then turned
 *   into a Go regular expression the first time it is matched, which is where a reversed range (`[z-a]`)
 *   fails. `**` is any run of characters that, unless it ends the pattern, ends in `/` (`a/**\/b` also
 *   matches `a/b`); a pattern that starts with `**` and is literal after it is a suffix test (`**foo`
 *   matches `barfoo`). Only `^` negates a class (`[!a]` is the class of `!` and `a`). Not modelled: Go's
 *   regexp reading of an escaped letter (`\d` is a digit there), of `^` outside a class, of POSIX classes,
 *   and of `*` or `?` inside a class; no real ignore file writes those.
 * - `filepath`: Go's filepath.Match, which BuildKit resolves a COPY source's wildcards with: `**` is `*`, a
 *   reversed range matches nothing, and a malformed pattern is an error the caller decides about.
 * - `minimatch`: download-artifact's `pattern:` (minimatch with its defaults): `!` in front inverts the
 *   pattern, `#` in front makes it a comment that matches nothing, `[!a]` and `[^a]` negate, an unclosed `[`
 *   is a literal, and wildcards never match a `.` that starts a name. Brace and extglob expansion are not
 *   read here (see minimatchExpands).
 * - `shell`: sh's patterns in `${VAR#pattern}` and friends: `*` and `?` match `/` too.
 */

export type GlobDialect = "dockerignore" | "filepath" | "minimatch" | "shell";

/** Code point ranges of a class, inclusive. */
export type Ranges = ReadonlyArray<readonly [number, number]>;

export type Token =
  /** One code point, itself. */
  | { kind: "char"; code: number }
  /** One character; `/` only when `slash`. */
  | { kind: "one"; slash: boolean }
  | { kind: "class"; negated: boolean; ranges: Ranges; slash: boolean }
  /** Any run of characters but `/`. */
  | { kind: "star" }
  /** Any run of characters. */
  | { kind: "globstar" }
  /** Nothing, or any run of characters that ends in `/`. */
  | { kind: "dirs" };

export interface Reading {
  tokens: Token[];
  /** minimatch `!pattern`: the pattern matches what the rest does not. */
  negated: boolean;
  /** minimatch `#comment`: matches nothing. */
  never: boolean;
  /** Wildcards do not match a `.` at the start of a name (minimatch without `dot`). */
  noDotStart: boolean;
}

/**
 * A pattern the tool refuses, with Go's message (filepath.ErrBadPattern). `phase` says when Docker finds it:
 * `check` when the pattern matcher is made (filepath.Match's syntax), `compile` when a pattern is first
 * matched (Go's regexp refusing what filepath.Match let through).
 */
export class GlobSyntaxError extends Error {
  constructor(
    readonly pattern: string,
    readonly detail: string,
    readonly phase: "check" | "compile" = "check",
  ) {
    super("syntax error in pattern");
    this.name = "GlobSyntaxError";
  }
}

function codeAt(text: string, i: number): number {
  return text.codePointAt(i)!;
}

function width(code: number): number {
  return code > 0xffff ? 2 : 1;
}

/** A class as Go's filepath.Match reads it from the `[` at `start`: its ranges and the index of its `]`. */
function goClass(pattern: string, start: number): { negated: boolean; ranges: Array<[number, number]>; end: number } {
  let i = start + 1;
  const negated = pattern[i] === "^";
  if (negated) i++;
  const ranges: Array<[number, number]> = [];
  // getEsc: one character of a range, which may be escaped but may not be `-` or `]`, and must be followed by more.
  const bound = (): number => {
    if (i >= pattern.length || pattern[i] === "-" || pattern[i] === "]") throw new GlobSyntaxError(pattern, "malformed character class");
    if (pattern[i] === "\\") {
      i++;
      if (i >= pattern.length) throw new GlobSyntaxError(pattern, "trailing backslash in a character class");
    }
    const code = codeAt(pattern, i);
    i += width(code);
    if (i >= pattern.length) throw new GlobSyntaxError(pattern, "unterminated character class");
    return code;
  };
  for (;;) {
    if (pattern[i] === "]" && ranges.length > 0) return { negated, ranges, end: i };
    const low = bound();
    let high = low;
    if (pattern[i] === "-") {
      i++;
      high = bound();
    }
    ranges.push([low, high]);
  }
}

/** Throws GlobSyntaxError where Go's filepath.Match would answer ErrBadPattern for any name. */
function checkGoSyntax(pattern: string): void {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      if (i + 1 >= pattern.length) throw new GlobSyntaxError(pattern, "trailing backslash");
      i += width(codeAt(pattern, i + 1));
    } else if (c === "[") i = goClass(pattern, i).end;
  }
}

/** Whether `text` has none of the characters that make patternmatcher use a regular expression. */
function literalForPatternmatcher(text: string): boolean {
  return !/[*?[\]\\]/.test(text);
}

function readDockerignore(pattern: string): Token[] {
  checkGoSyntax(pattern);
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "*" && pattern[i + 1] === "*") {
      const start = i;
      i += 2;
      const slash = pattern[i] === "/";
      if (slash) i++;
      if (i >= pattern.length) tokens.push({ kind: "globstar" });
      // A leading `**` before literal text is a suffix test: `**/foo` ends in `/foo` or is `foo`, `**foo` ends in `foo`.
      else if (start === 0 && !slash && literalForPatternmatcher(pattern.slice(i))) tokens.push({ kind: "globstar" });
      else tokens.push({ kind: "dirs" });
    } else if (c === "*") {
      tokens.push({ kind: "star" });
      i++;
    } else if (c === "?") {
      tokens.push({ kind: "one", slash: false });
      i++;
    } else if (c === "\\") {
      const code = codeAt(pattern, i + 1);
      tokens.push({ kind: "char", code });
      i += 1 + width(code);
    } else if (c === "[") {
      const { negated, ranges, end } = goClass(pattern, i);
      const reversed = ranges.find(([low, high]) => low > high);
      if (reversed) throw new GlobSyntaxError(pattern, `invalid character class range ${String.fromCodePoint(reversed[0])}-${String.fromCodePoint(reversed[1])}`, "compile");
      tokens.push({ kind: "class", negated, ranges, slash: true });
      i = end + 1;
    } else {
      const code = codeAt(pattern, i);
      tokens.push({ kind: "char", code });
      i += width(code);
    }
  }
  return tokens;
}

function readFilepath(pattern: string): Token[] {
  checkGoSyntax(pattern);
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "*") {
      while (pattern[i] === "*") i++;
      tokens.push({ kind: "star" });
    } else if (c === "?") {
      tokens.push({ kind: "one", slash: false });
      i++;
    } else if (c === "[") {
      const { negated, ranges, end } = goClass(pattern, i);
      // A reversed range is no error to filepath.Match: it holds no character.
      tokens.push({ kind: "class", negated, ranges: ranges.filter(([low, high]) => low <= high), slash: true });
      i = end + 1;
    } else {
      if (c === "\\") i++;
      const code = codeAt(pattern, i);
      tokens.push({ kind: "char", code });
      i += width(code);
    }
  }
  return tokens;
}

/**
 * A bracket expression as sh and minimatch read it from the `[` at `start`, or null when it is not closed
 * (the `[` is then a literal): `!` or `^` negates, a `]` first is a member, a reversed range holds nothing.
 */
function lenientClass(pattern: string, start: number): { negated: boolean; ranges: Array<[number, number]>; end: number } | null {
  let i = start + 1;
  const negated = pattern[i] === "!" || pattern[i] === "^";
  if (negated) i++;
  const ranges: Array<[number, number]> = [];
  const first = i;
  const member = (): number | null => {
    if (pattern[i] === "\\" && i + 1 < pattern.length) i++;
    if (i >= pattern.length) return null;
    const code = codeAt(pattern, i);
    i += width(code);
    return code;
  };
  while (i < pattern.length) {
    if (pattern[i] === "]" && i > first) return { negated, ranges: ranges.filter(([low, high]) => low <= high), end: i };
    const low = member();
    if (low === null) return null;
    if (pattern[i] === "-" && pattern[i + 1] !== undefined && pattern[i + 1] !== "]") {
      i++;
      const high = member();
      if (high === null) return null;
      ranges.push([low, high]);
    } else ranges.push([low, low]);
  }
  return null;
}

/** minimatch and sh: `*` and `?` (crossing `/` in sh), bracket expressions, `\` escapes, minimatch's `**` segments. */
function readLenient(pattern: string, shell: boolean): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "*") {
      const start = i;
      while (pattern[i] === "*") i++;
      const segment = (start === 0 || pattern[start - 1] === "/") && (i === pattern.length || pattern[i] === "/");
      if (shell) tokens.push({ kind: "globstar" });
      else if (segment && i - start === 2 && pattern[i] === "/") {
        tokens.push({ kind: "dirs" });
        i++;
      } else tokens.push({ kind: segment && i - start === 2 ? "globstar" : "star" });
    } else if (c === "?") {
      tokens.push({ kind: "one", slash: shell });
      i++;
    } else if (c === "[" && lenientClass(pattern, i)) {
      const { negated, ranges, end } = lenientClass(pattern, i)!;
      tokens.push({ kind: "class", negated, ranges, slash: shell });
      i = end + 1;
    } else {
      if (c === "\\" && i + 1 < pattern.length) i++;
      const code = codeAt(pattern, i);
      tokens.push({ kind: "char", code });
      i += width(code);
    }
  }
  return tokens;
}

/** Whether minimatch would expand the pattern first (braces `{a,b}` `{1..3}`, extglobs `+(a|b)`). */
export function minimatchExpands(pattern: string): boolean {
  return /\{[^{}]*(,|\.\.)[^{}]*\}/.test(pattern) || /[?*+@!]\(/.test(pattern);
}

/**
 * Reads `pattern` as `dialect` does.
 * @throws GlobSyntaxError where the dockerignore and filepath dialects refuse the pattern.
 */
export function readPattern(pattern: string, dialect: GlobDialect): Reading {
  if (dialect === "dockerignore") return { tokens: readDockerignore(pattern), negated: false, never: false, noDotStart: false };
  if (dialect === "filepath") return { tokens: readFilepath(pattern), negated: false, never: false, noDotStart: false };
  if (dialect === "shell") return { tokens: readLenient(pattern, true), negated: false, never: false, noDotStart: false };
  if (pattern.startsWith("#")) return { tokens: [], negated: false, never: true, noDotStart: true };
  let bangs = 0;
  while (pattern[bangs] === "!") bangs++;
  return { tokens: readLenient(pattern.slice(bangs), false), negated: bangs % 2 === 1, never: false, noDotStart: true };
}

