import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BadSubstitution, expandWord, literalWord } from "./expand.js";
import { tokenize } from "./tokenize.js";

const words = (script: string) => tokenize(script).map((c) => c.words.map(literalWord));

describe("tokenize", () => {
  it("splits lists on && || ; and newlines, keeping the connectors", () => {
    const cmds = tokenize("cd /app && npm ci || echo failed; ls\nrun it");
    expect(cmds.map((c) => c.words.map(literalWord))).toEqual([["cd", "/app"], ["npm", "ci"], ["echo", "failed"], ["ls"], ["run", "it"]]);
    expect(cmds.map((c) => c.next)).toEqual(["&&", "||", ";", ";", null]);
  });

  it("joins backslash continuations and keeps quoted text whole", () => {
    expect(words(`pip install \\\n  -r "requirements file.txt" 'a b'`)).toEqual([["pip", "install", "-r", "requirements file.txt", "a b"]]);
  });

  it("continues a list after a trailing && on the previous line", () => {
    expect(tokenize("apt-get update &&\n  apt-get install -y curl").map((c) => c.next)).toEqual(["&&", null]);
  });

  it("drops comments and records redirections apart from words", () => {
    const [cmd] = tokenize("echo hi > /tmp/out 2>&1 # note");
    expect(cmd?.words.map(literalWord)).toEqual(["echo", "hi"]);
    expect(cmd?.redirects.map((r) => r.op)).toEqual([">", "2>&"]);
  });

  it("gives line numbers of commands", () => {
    expect(tokenize("a\n\nb \\\n c\nd").map((c) => c.line)).toEqual([1, 3, 5]);
  });

  it("never throws on arbitrary text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (s) => Array.isArray(tokenize(s))));
  });
});

describe("expandWord", () => {
  const scope = { env: new Map([["USER", "ci"], ["EMPTY", ""], ["TWO", "a b"]]), args: ["python", "app.py"] };
  const expand = (s: string) => expandWord(tokenize(s)[0]!.words[0]!, scope);

  it("expands variables, defaults and positional parameters", () => {
    expect(expand("$USER")).toEqual(["ci"]);
    expect(expand("${MISSING:-fallback}")).toEqual(["fallback"]);
    expect(expand('"$EMPTY"')).toEqual([""]);
    expect(expand("$EMPTY")).toEqual([]);
    expect(expand("$TWO")).toEqual(["a", "b"]);
    expect(expand('"$TWO"')).toEqual(["a b"]);
    expect(expand('"$@"')).toEqual(["python", "app.py"]);
    expect(expand("'$USER'")).toEqual(["$USER"]);
  });

  it("reports bash's bad substitution for ${ secrets.X }", () => {
    const word = tokenize('"${ secrets.TOKEN }"')[0]!.words[0]!;
    expect(() => expandWord(word, scope)).toThrow(BadSubstitution);
  });
});
