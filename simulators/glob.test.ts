/**
 * The glob matcher, dialect by dialect as each tool reads patterns, its refusals as Go words them, and its
 * cost: linear in the name, and bounded in all by the simulation's budget.
 */
import { describe, expect, it } from "vitest";
import type { GlobDialect } from "./glob.js";
import { compileGlob, GlobBudget, globBudget, GlobBudgetExceeded, GlobSyntaxError, matchGlob, matchingPrefixes, minimatchExpands, reverseGlob, withGlobBudget } from "./glob.js";

const m = (dialect: GlobDialect, pattern: string, text: string) => matchGlob(compileGlob(pattern, dialect), text, new GlobBudget());

describe("glob dialects", () => {
  it.each([
    ["*.txt", "a.txt", true],
    ["*.txt", "dir/a.txt", false],
    ["?.md", "a.md", true],
    ["?.md", "ab.md", false],
    ["[abc].py", "b.py", true],
    ["[a-c].py", "d.py", false],
    ["[^a-c].py", "d.py", true],
    // Go has no `!` negation: `[!a-c]` is the class of `!` and a to c.
    ["[!a-c].py", "a.py", true],
    ["[!a-c].py", "d.py", false],
    ["[\\]]", "]", true],
    ["**", "a/b/c", true],
    ["**/*.go", "main.go", true],
    ["**/*.go", "cmd/x/main.go", true],
    ["a/**/b", "a/b", true],
    ["a/**/b", "a/x/y/b", true],
    ["a/**/b", "a/xb", false],
    // patternmatcher: `**` inside a pattern ends in `/`, and a leading `**` before literal text is a suffix test.
    ["a**b", "axb", false],
    ["a**b", "a/x/b", true],
    ["**foo", "a/barfoo", true],
    ["**/foo", "barfoo", false],
    ["src/**", "src/a/b", true],
    ["src/**", "src", false],
    ["node_modules", "node_modules", true],
    ["src/*", "src/app.py", true],
    ["src/*", "src/a/app.py", false],
    ["\\*", "*", true],
    ["\\*", "a", false],
    ["*", "", true],
    ["", "", true],
    ["a*b*c", "abbbbbc", true],
    ["café*", "café.txt", true],
    ["?", "é", true],
  ])(".dockerignore %s against %s: %s", (pattern, text, expected) => {
    expect(m("dockerignore", pattern, text)).toBe(expected);
  });

  it.each([
    ["*.jar", "app.jar", true],
    ["**", "a/b", false],
    ["**", "ab", true],
    ["[z-a]*", "z", false],
    ["build/*/x", "build/a/x", true],
  ])("COPY (Go's filepath.Match) %s against %s: %s", (pattern, text, expected) => {
    expect(m("filepath", pattern, text)).toBe(expected);
  });

  it.each([
    ["coverage-*", "coverage-linux", true],
    ["coverage-*", "report", false],
    ["*", ".hidden", false],
    [".*", ".hidden", true],
    ["[!a]*", "b1", true],
    ["[^a]*", "a1", false],
    ["a[", "a[", true],
    ["!coverage-*", "report", true],
    ["!coverage-*", "coverage-x", false],
    ["#coverage", "#coverage", false],
    ["[z-a]x", "zx", false],
  ])("download-artifact (minimatch) %s against %s: %s", (pattern, text, expected) => {
    expect(m("minimatch", pattern, text)).toBe(expected);
  });

  it("knows which minimatch patterns need an expansion first", () => {
    expect(minimatchExpands("{a,b}-*")).toBe(true);
    expect(minimatchExpands("+(a|b)")).toBe(true);
    expect(minimatchExpands("build-{x}")).toBe(false);
    expect(minimatchExpands("coverage-*")).toBe(false);
  });

  it("reads sh patterns with `*` and `?` crossing `/`", () => {
    expect(m("shell", "*/x", "a/b/x")).toBe(true);
    expect(m("shell", "[!a]?", "b/")).toBe(true);
    expect(m("shell", "a[", "a[")).toBe(true);
  });

  it("finds the shortest and longest prefixes and suffixes sh removes", () => {
    const glob = compileGlob("*/", "shell");
    expect(matchingPrefixes(glob, "usr/local/bin")).toEqual({ shortest: 4, longest: 10 });
    expect(matchingPrefixes(reverseGlob(compileGlob(".*", "shell")), [..."a.tar.gz"].reverse().join(""))).toEqual({ shortest: 3, longest: 7 });
    expect(matchingPrefixes(glob, "plain")).toBeNull();
  });
});

describe("glob refusals", () => {
  it.each([["[abc"], ["a["], ["[]"], ["[]a]"], ["[-a]"], ["[a-]"], ["x\\"], ["[a-\\"]])("refuses %s as Go's filepath.Match does, when the matcher is made", (pattern) => {
    for (const dialect of ["dockerignore", "filepath"] as const) {
      expect(() => compileGlob(pattern, dialect)).toThrow(GlobSyntaxError);
      expect(() => compileGlob(pattern, dialect)).toThrow("syntax error in pattern");
    }
    try {
      compileGlob(pattern, "dockerignore");
    } catch (e) {
      expect((e as GlobSyntaxError).phase).toBe("check");
    }
  });

  it("refuses a reversed range in .dockerignore only when Go's regexp compiles it; filepath.Match lets it match nothing", () => {
    expect(() => compileGlob("[z-a]", "dockerignore")).toThrow(expect.objectContaining({ phase: "compile", message: "syntax error in pattern" }));
    expect(m("filepath", "[z-a]", "m")).toBe(false);
  });

  it("accepts what minimatch and sh accept", () => {
    for (const pattern of ["[abc", "a[", "[]", "x\\", "[z-a]"]) {
      expect(() => compileGlob(pattern, "minimatch")).not.toThrow();
      expect(() => compileGlob(pattern, "shell")).not.toThrow();
    }
  });
});

describe("glob cost", () => {
  it("matches the catastrophic-backtracking pattern in linear time", () => {
    const pattern = compileGlob("*a*a*a*a*a*a*a*a*a*a*a*a*b*", "dockerignore");
    const budget = new GlobBudget();
    const start = performance.now();
    expect(matchGlob(pattern, "a".repeat(5000), budget)).toBe(false);
    // A backtracking matcher takes longer than the age of the universe here; a linear one a few ms.
    expect(performance.now() - start).toBeLessThan(2000);
    expect(budget.used).toBeLessThanOrEqual(5000 * pattern.tokens.length);
  });

  it("compares a literal pattern as a string, however long, and rejects a name too short for the pattern at once", () => {
    const budget = new GlobBudget();
    expect(matchGlob(compileGlob("a".repeat(60_000), "dockerignore"), "a".repeat(60_000), budget)).toBe(true);
    expect(matchGlob(compileGlob("*a".repeat(30_000), "dockerignore"), "a".repeat(1000), budget)).toBe(false);
    expect(matchGlob(compileGlob("src/*", "dockerignore"), "lib/a", budget)).toBe(false);
    expect(budget.used).toBe(3);
  });

  it("stops a simulation's matching when its budget runs out", () => {
    const pattern = compileGlob("*a*a*a*a*a*a*b*", "dockerignore");
    const budget = new GlobBudget(10_000);
    expect(() => {
      for (let i = 0; i < 100; i++) matchGlob(pattern, "a".repeat(1000), budget);
    }).toThrow(GlobBudgetExceeded);
    expect(budget.exhausted).toBe(true);
  });

  it("gives one simulation one budget, shared by what it runs inside", () => {
    const [outer, inner] = withGlobBudget(() => [globBudget(), withGlobBudget(() => globBudget())]);
    expect(inner).toBe(outer);
    expect(globBudget()).not.toBe(globBudget());
  });
});
