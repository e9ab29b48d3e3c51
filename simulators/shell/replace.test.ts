import { describe, expect, it } from "vitest";
import { ValueTooLarge } from "../value-limits.js";
import { replaceText } from "./replace.js";

describe("replaceText: ${VAR/pattern/string} and ${VAR//pattern/string} with plain text", () => {
  it("replaces the first or every occurrence as bash does", () => {
    expect(replaceText("windows/amd64", "//", "\\//-")).toBe("windows-amd64");
    expect(replaceText("a.b.c", "/", "./-")).toBe("a-b.c");
    expect(replaceText("a.b.c", "//", ".")).toBe("abc");
  });

  it("leaves a glob pattern, an anchored one or a string with & unmodelled", () => {
    expect(replaceText("abc", "//", "?/x")).toBeNull();
    expect(replaceText("abc", "/", "#a/x")).toBeNull();
    expect(replaceText("abc", "/", "a/&&")).toBeNull();
  });

  it("refuses a result past MAX_VALUE_CHARS before building it, as bash runs out of memory", () => {
    // 100,000 matches each replaced by 10,000 characters: a billion characters, past what a string can hold.
    expect(() => replaceText("a".repeat(100_000), "//", `a/${"b".repeat(10_000)}`)).toThrow(ValueTooLarge);
  });
});
