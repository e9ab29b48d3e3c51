import { describe, expect, it } from "vitest";
import { splitQuotedWords } from "./processed-words.js";
import { processWord } from "./word-lexer.js";

describe("BuildKit's word processing", () => {
  const vars = new Map([["HOME", "/root"], ["EMPTY", ""]]);

  it.each([
    ['"x ${HOME} y"', "x /root y"],
    ["'${a.b}'", "${a.b}"],
    ["\\${a.b}", "${a.b}"],
    ["a\\ b", "a b"],
    ['"a\\"b"', 'a"b'],
    ["${EMPTY:-fallback}", "fallback"],
    ["${EMPTY-kept}", ""],
    ["${HOME:+set}", "set"],
    ["$HOME.d", "/root.d"],
    ["cost$", "cost$"],
  ])("reads %s as %s", (word, value) => {
    expect(processWord(word, vars)).toEqual({ ok: true, value });
  });

  it.each([
    ['"abc', 'failed to process "\\"abc": unexpected end of statement while looking for matching double-quote'],
    ["'abc", `failed to process "'abc": unexpected end of statement while looking for matching single-quote`],
    ["${a.b}", 'failed to process "${a.b}": unsupported modifier (.) in substitution'],
    ["${}", 'failed to process "${}": syntax error: bad substitution'],
    ["${:x}", 'failed to process "${:x}": syntax error: bad substitution'],
    ["${", `failed to process "\${": syntax error: missing '}'`],
    ["${a:-x", `failed to process "\${a:-x": syntax error: missing '}'`],
    ["${a:b}", 'failed to process "${a:b}": unsupported modifier (:b) in substitution'],
    ["${a/b", `failed to process "\${a/b": syntax error: missing '/' in \${}`],
  ])("rejects %s with BuildKit's words", (word, error) => {
    expect(processWord(word, vars)).toEqual({ ok: false, error });
  });

  it("follows the escape directive", () => {
    expect(processWord("C:`${x}", new Map(), "`")).toEqual({ ok: true, value: "C:${x}" });
  });
});

describe("the parser's split of name=value lists", () => {
  it("keeps quotes and escapes for the word processing and ends words at whitespace outside quotes", () => {
    expect(splitQuotedWords(`A="two words" B='x y' C=a\\ b D=plain`, "\\")).toEqual([`A="two words"`, `B='x y'`, "C=a\\ b", "D=plain"]);
  });

  it("runs an unterminated quote to the end of the line", () => {
    expect(splitQuotedWords(`A="open B=2`, "\\")).toEqual([`A="open B=2`]);
  });
});
