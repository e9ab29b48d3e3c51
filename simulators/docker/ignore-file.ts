/**
 * .dockerignore as BuildKit reads it, and the pattern matcher that decides what a build context holds: the
 * lines as moby/patternmatcher's ignorefile.ReadAll returns them (comments, blank lines, `!` exceptions,
 * Go's filepath.Clean, a leading `/` dropped, a line of 64 KiB or more refused as bufio.Scanner refuses
 * it), then patternmatcher.New's checks (a lone `!`, filepath.Match's syntax) and its MatchesUsingParentResults,
 * which fsutil calls for each path as it walks the context. The same matcher reads the context paths a
 * Dockerfile's COPY sources name (BuildKit's include patterns).
 */
import type { Glob, GlobBudget } from "../glob.js";
import { compileGlob, GlobSyntaxError, matchGlob } from "../glob.js";

/** bufio.Scanner's MaxScanTokenSize: a line this long or longer (in bytes) is "token too long". */
export const MAX_IGNORE_LINE_BYTES = 64 * 1024;

/** A pattern as ReadAll returns it (`!` in front of an exception), with its 1-based line. */
export interface IgnoreLine {
  pattern: string;
  line: number;
}

export type IgnoreReading = { ok: true; lines: IgnoreLine[] } | { ok: false; error: string; line: number };

/** Go's unicode.IsSpace, which strings.TrimSpace trims. */
const GO_SPACE = "[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, "g");

function trimSpace(text: string): string {
  return text.replace(TRIM, "");
}

/**
 * Go's filepath.Clean on a slash path: `.` elements and empty ones dropped, `..` resolved where it can be,
 * no trailing slash, "." for nothing.
 */
export function goClean(p: string): string {
  const rooted = p.startsWith("/");
  const out: string[] = [];
  for (const element of p.split("/")) {
    if (element === "" || element === ".") continue;
    if (element === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!rooted) out.push("..");
    } else out.push(element);
  }
  const joined = out.join("/");
  return rooted ? "/" + joined : joined === "" ? "." : joined;
}

/** The patterns of a .dockerignore, or why BuildKit cannot read it. */
export function readIgnoreFile(content: string): IgnoreReading {
  const lines: IgnoreLine[] = [];
  const raw = content.split("\n");
  if (raw[raw.length - 1] === "") raw.pop();
  for (let n = 0; n < raw.length; n++) {
    let text = raw[n]!;
    if (Buffer.byteLength(text, "utf8") >= MAX_IGNORE_LINE_BYTES) return { ok: false, error: "bufio.Scanner: token too long", line: n + 1 };
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if (n === 0 && text.startsWith("\ufeff")) text = text.slice(1);
    // A comment is a line that starts with `#`, before any trimming.
    if (text.startsWith("#")) continue;
    let pattern = trimSpace(text);
    if (pattern === "") continue;
    const invert = pattern.startsWith("!");
    if (invert) pattern = trimSpace(pattern.slice(1));
    if (pattern !== "") {
      pattern = goClean(pattern);
      if (pattern.length > 1 && pattern.startsWith("/")) pattern = pattern.slice(1);
    }
    lines.push({ pattern: invert ? `!${pattern}` : pattern, line: n + 1 });
  }
  return { ok: true, lines };
}

interface Pattern {
  exclusion: boolean;
  /** The pattern as patternmatcher keeps it (without the `!`). */
  text: string;
  line: number;
  glob: Glob | null;
  /** What Go's regexp refuses in it: met the first time the pattern is matched. */
  problem: GlobSyntaxError | null;
}

/** A pattern of the matcher failed when it was first matched; `line` is its line. */
export class PatternMatchError extends Error {
  constructor(
    readonly line: number,
    cause: GlobSyntaxError,
  ) {
    super(cause.message);
    this.name = "PatternMatchError";
  }
}

/** patternmatcher.New's refusal: the message and the line of the pattern it refused. */
export interface MatcherRefusal {
  error: string;
  line: number;
}

/** moby/patternmatcher's PatternMatcher over patterns as ReadAll returns them. */
export class PatternMatcher {
  private constructor(
    readonly patterns: readonly Pattern[],
    /** Some pattern is an exception (`!`). */
    readonly exclusions: boolean,
  ) {}

  /** The matcher, or why patternmatcher.New refuses the patterns (the first refused in order). */
  static create(lines: readonly IgnoreLine[]): PatternMatcher | MatcherRefusal {
    const patterns: Pattern[] = [];
    for (const { pattern, line } of lines) {
      let text = trimSpace(pattern);
      if (text === "") continue;
      text = goClean(text);
      const exclusion = text.startsWith("!");
      if (exclusion) {
        if (text.length === 1) return { error: 'illegal exclusion pattern: "!"', line };
        text = text.slice(1);
      }
      try {
        patterns.push({ exclusion, text, line, glob: compileGlob(text, "dockerignore"), problem: null });
      } catch (e) {
        if (!(e instanceof GlobSyntaxError)) throw e;
        if (e.phase === "check") return { error: e.message, line };
        patterns.push({ exclusion, text, line, glob: null, problem: e });
      }
    }
    return new PatternMatcher(patterns, patterns.some((p) => p.exclusion));
  }

  /** Some pattern fails to compile, which shows only when a path reads it. */
  get failsWhenRead(): boolean {
    return this.patterns.some((p) => p.problem !== null);
  }

  /**
   * Whether `path` matches (is excluded, for an ignore file) given what its parent directory matched:
   * patterns are read in order, an exception only while the path matches and a pattern only while it does
   * not, and a pattern the parent matched matches without being read again. `parent` is null for a path at
   * the top of the context. Each pattern it passes over costs a step, as each it matches costs its match.
   * @throws PatternMatchError for a pattern that fails to compile when it is read.
   */
  matchesUsingParentResults(path: string, parent: readonly boolean[] | null, budget: GlobBudget): { matched: boolean; info: boolean[] } {
    budget.spend(this.patterns.length);
    let matched = false;
    const info = this.patterns.map(() => false);
    this.patterns.forEach((pattern, i) => {
      let match = parent?.[i] ?? false;
      if (!match) {
        if (pattern.exclusion !== matched) return;
        if (pattern.problem) throw new PatternMatchError(pattern.line, pattern.problem);
        match = matchGlob(pattern.glob!, path, budget);
      }
      info[i] = match;
      if (match) matched = !pattern.exclusion;
    });
    return { matched, info };
  }

  /**
   * Whether fsutil can skip what is under a directory the patterns exclude: only when no exception could
   * bring back anything under it (no exception with a wildcard, and none that names a path below it).
   */
  skipsExcludedDir(dir: string): boolean {
    const withoutGlob = (p: Pattern) => p.text.replace(/\/\*\*$/, "").replace(/\/\*$/, "");
    const exceptions = this.patterns.filter((p) => p.exclusion);
    if (exceptions.some((p) => /[*[\]?^\\]/.test(withoutGlob(p)))) return false;
    return !exceptions.some((p) => `${withoutGlob(p)}/`.startsWith(`${dir}/`));
  }
}

/** A list of patterns as Go's %s prints a []string: `[a b c]`. */
export function goList(patterns: readonly string[]): string {
  return `[${patterns.join(" ")}]`;
}
