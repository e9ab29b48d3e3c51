import { describe, expect, it } from "vitest";
import { compileGlob, GlobSyntaxError, matchGlob } from "./glob.js";

const m = (pattern: string, text: string) => matchGlob(compileGlob(pattern), text);

describe("glob", () => {
  it.each([
    ["*.txt", "a.txt", true],
    ["*.txt", "dir/a.txt", false],
    ["?.md", "a.md", true],
    ["?.md", "ab.md", false],
    ["[abc].py", "b.py", true],
    ["[a-c].py", "d.py", false],
    ["[^a-c].py", "d.py", true],
    ["[!a-c].py", "a.py", false],
    ["**", "a/b/c", true],
    ["**/*.go", "main.go", true],
    ["**/*.go", "cmd/x/main.go", true],
    ["a/**/b", "a/b", true],
    ["a/**/b", "a/x/y/b", true],
    ["a/**/b", "a/xb", false],
    ["node_modules", "node_modules", true],
    ["src/*", "src/app.py", true],
    ["src/*", "src/a/app.py", false],
    ["\\*", "*", true],
    ["\\*", "a", false],
    ["*", "", true],
    ["", "", true],
    ["a*b*c", "abbbbbc", true],
  ])("%s against %s: %s", (pattern, text, expected) => {
    expect(m(pattern, text)).toBe(expected);
  });

  it("matches the catastrophic-backtracking pattern in linear time", () => {
    const pattern = compileGlob("*a*a*a*a*a*a*a*a*a*a*a*a*b");
    const name = "a".repeat(5000);
    const start = performance.now();
    expect(matchGlob(pattern, name)).toBe(false);
    // A backtracking matcher takes longer than the age of the universe here; a linear one a few ms.
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it.each([["[z-a]"], ["a["], ["[abc"], ["x\\"]])("refuses %s as Go's filepath.Match does", (pattern) => {
    expect(() => compileGlob(pattern)).toThrow(GlobSyntaxError);
  });

  it("refuses patterns longer than any real one", () => {
    expect(() => compileGlob("a".repeat(40_000))).toThrow(/longer than/);
  });
});
