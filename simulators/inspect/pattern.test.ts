/** grep's patterns: basic and extended syntax as GNU grep reads them, in linear time. */
import { describe, expect, it } from "vitest";
import { compilePattern, PatternError } from "./pattern.js";

const BRE = { extended: false, fixed: false, ignoreCase: false, word: false, line: false };
const ERE = { ...BRE, extended: true };
const matches = (pattern: string, line: string, options = BRE) => compilePattern(pattern, options).test(line);

describe("grep patterns", () => {
  it("reads basic syntax: literal + ? | ( ), escaped operators, anchors and classes", () => {
    expect(matches("a+b", "xa+by")).toBe(true);
    expect(matches("a\\+b", "aaab")).toBe(true);
    expect(matches("^FROM [a-z]*:", "FROM python:3.12")).toBe(true);
    expect(matches("^FROM", " FROM x")).toBe(false);
    expect(matches("port$", "targetPort: port")).toBe(true);
    expect(matches("\\(cat\\|dog\\)s", "dogs")).toBe(true);
    expect(matches("[[:digit:]]\\{4\\}", "port 8080")).toBe(true);
    expect(matches("[[:digit:]]\\{4\\}", "port 80")).toBe(false);
  });

  it("reads extended syntax, -i, -w, -x and -F", () => {
    expect(matches("(cat|dog)s?$", "hotdog", ERE)).toBe(true);
    expect(matches("memory: [0-9]+Mi", "  memory: 64Mi", ERE)).toBe(true);
    expect(matches("IMAGE", "image: x", { ...BRE, ignoreCase: true })).toBe(true);
    expect(matches("port", "targetPort: 80", { ...BRE, word: true })).toBe(false);
    expect(matches("port", "port: 80", { ...BRE, word: true })).toBe(true);
    expect(matches("a.c", "abc", { ...BRE, fixed: true })).toBe(false);
    expect(matches("a.c", "xa.cx", { ...BRE, fixed: true })).toBe(true);
    expect(matches("abc", "abcd", { ...BRE, line: true })).toBe(false);
  });

  it("refuses what grep refuses and back-references, and stays fast on patterns that make backtracking explode", () => {
    expect(() => compilePattern("\\(a", BRE)).toThrow(PatternError);
    expect(() => compilePattern("[abc", BRE)).toThrow(PatternError);
    expect(() => compilePattern("\\(a\\)\\1", BRE)).toThrow(/back-references/);
    expect(() => compilePattern("a{1000}", ERE)).toThrow(PatternError);
    const started = performance.now();
    expect(matches("(a*)*(a*)*(a*)*b", "a".repeat(20_000), ERE)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
