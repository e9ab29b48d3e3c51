import { describe, expect, it } from "vitest";
import { namesFit } from "./artifacts.js";

describe("namesFit: the names an upload's name written with expressions can take", () => {
  it("fits each name the literal parts allow, in order, and no other", () => {
    const pattern = ["buildkit-", ""];
    expect(namesFit(pattern, "buildkit-freebsd-amd64")).toBe(true);
    expect(namesFit(pattern, "buildkit-")).toBe(true);
    expect(namesFit(pattern, "binaries-freebsd")).toBe(false);
    expect(namesFit(["a-", "-b-", "-c"], "a-x-b-y-c")).toBe(true);
    expect(namesFit(["a-", "-b-", "-c"], "a-x-c-b-y")).toBe(false);
    // Parts may not overlap: "ab" + "ba" needs at least four characters.
    expect(namesFit(["ab", "ba"], "aba")).toBe(false);
    expect(namesFit(["exact"], "exact")).toBe(true);
    expect(namesFit(["exact"], "exactly")).toBe(false);
  });

  it("answers a name of many expressions against a long name that almost fits without backtracking", () => {
    // As a regular expression (a[\s\S]*a[\s\S]*...) this pair takes polynomial time of degree 60; read part by part it is linear.
    const pattern = Array.from({ length: 61 }, () => "a");
    expect(namesFit(pattern, `${"a".repeat(100_000)}b`)).toBe(false);
    expect(namesFit(pattern, "a".repeat(100_000))).toBe(true);
  });
});
