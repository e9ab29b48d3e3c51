/**
 * .dockerignore read as BuildKit's ignorefile.ReadAll reads it, and patternmatcher's verdicts path by path,
 * walked as fsutil walks a context.
 */
import { describe, expect, it } from "vitest";
import { GlobBudget } from "../glob.js";
import { walkContext } from "./context.js";
import { goClean, MAX_IGNORE_LINE_BYTES, PatternMatcher, readIgnoreFile } from "./ignore-file.js";

const patterns = (content: string) => {
  const reading = readIgnoreFile(content);
  return reading.ok ? reading.lines.map((l) => l.pattern) : reading;
};

function excluded(ignore: string, files: string[]): string[] {
  const reading = readIgnoreFile(ignore);
  if (!reading.ok) throw new Error(reading.error);
  const matcher = PatternMatcher.create(reading.lines);
  if (!(matcher instanceof PatternMatcher)) throw new Error(matcher.error);
  return [...walkContext([...files].sort(), matcher, new GlobBudget())].sort();
}

describe("reading .dockerignore", () => {
  it("drops comments (a `#` before any space only), blank lines and a BOM, trims, cleans, and drops a leading /", () => {
    expect(patterns("\ufeff# comment\n  # not a comment\n\n  node_modules/  \r\n/dist\n./a/../b\n!  /keep\n")).toEqual(["# not a comment", "node_modules", "dist", "b", "!keep"]);
  });

  it("refuses a line of 64 KiB or more as bufio.Scanner does, and takes one byte less", () => {
    expect(patterns(`x\n${"a".repeat(MAX_IGNORE_LINE_BYTES - 1)}\n`)).toHaveLength(2);
    expect(patterns(`x\n${"a".repeat(MAX_IGNORE_LINE_BYTES)}`)).toEqual({ ok: false, error: "bufio.Scanner: token too long", line: 2 });
    // The limit is in bytes: 22,000 three-byte characters are 66,000 bytes.
    expect(patterns("€".repeat(22_000))).toMatchObject({ ok: false });
  });

  it("cleans paths as Go's filepath.Clean does", () => {
    expect([goClean(""), goClean("a//b/"), goClean("../a"), goClean("/../a"), goClean("a/./b/../c")]).toEqual([".", "a/b", "../a", "/a", "a/c"]);
  });

  it("refuses a lone ! and a pattern filepath.Match refuses, naming its line", () => {
    expect(patterns("a\n!\n")).toEqual(["a", "!"]);
    expect(PatternMatcher.create([{ pattern: "a", line: 1 }, { pattern: "!", line: 2 }])).toEqual({ error: 'illegal exclusion pattern: "!"', line: 2 });
    expect(PatternMatcher.create([{ pattern: "ok", line: 1 }, { pattern: "[abc", line: 2 }])).toEqual({ error: "syntax error in pattern", line: 2 });
    expect(PatternMatcher.create([{ pattern: "[z-a]", line: 1 }])).toBeInstanceOf(PatternMatcher);
  });
});

describe("what .dockerignore excludes", () => {
  const files = ["Dockerfile", "app.py", "docs/guide.md", "docs/keep.md", "src/a/cache.pyc", "src/main.py", "node_modules/x/index.js"];

  it("excludes a directory with everything under it, and files by pattern at any depth with **", () => {
    expect(excluded("node_modules\n**/*.pyc\n", files)).toEqual(["node_modules/x/index.js", "src/a/cache.pyc"]);
  });

  it("brings back a file an exception names, under an excluded directory too", () => {
    expect(excluded("docs\n!docs/keep.md\n", files)).toEqual(["docs/guide.md"]);
    expect(excluded("*.md\n**/*.md\n!docs/k*\n", files)).toEqual(["docs/guide.md"]);
  });

  it("lets the last matching line decide", () => {
    expect(excluded("!app.py\n*.py\n", files)).toEqual(["app.py"]);
    expect(excluded("*\n!src\n", files)).toEqual(["Dockerfile", "app.py", "docs/guide.md", "docs/keep.md", "node_modules/x/index.js"]);
  });

  it("fails on a pattern Go's regexp refuses only when a path reads it", () => {
    expect(() => excluded("[z-a]\n", files)).toThrow("syntax error in pattern");
    expect(excluded("*\n[z-a]\n", files)).toEqual([...files].sort());
  });
});
