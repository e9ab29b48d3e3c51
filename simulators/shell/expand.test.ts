/** sh expansion over the shared reader's words: what a RUN step or an entrypoint script passes to a program. */
import { describe, expect, it } from "vitest";
import { BadSubstitution, expandValue, expandWord } from "./expand.js";
import { parseScript } from "./parse.js";
import type { Word } from "./parse.js";

const firstWord = (script: string): Word => parseScript(script, { githubExpressions: false })[0]!.pipelines[0]!.commands[0]!.words[0]!;

describe("expandWord", () => {
  const scope = { env: new Map([["USER", "ci"], ["EMPTY", ""], ["TWO", "a b"], ["FILE", "/app/src/main.py"]]), args: ["python", "app.py"] };
  const expand = (s: string) => expandWord(firstWord(s), scope);

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
    expect(() => expandWord(firstWord('"${ secrets.TOKEN }"'), scope)).toThrow(BadSubstitution);
    expect(() => expandWord(firstWord('"${{ secrets.TOKEN }}"'), scope)).toThrow("${{ secrets.TOKEN }}: bad substitution");
  });

  it("joins $@ to the text around it, counts and strips as sh does", () => {
    expect(expand('x"$@"y')).toEqual(["xpython", "app.pyy"]);
    expect(expand("$1:$#:${2}")).toEqual(["python:2:app.py"]);
    expect(expand("${FILE##*/}:${FILE%.py}:${FILE#/app/}:${#USER}")).toEqual(["main.py:/app/src/main:src/main.py:2"]);
    expect(expandValue(firstWord('"$TWO"$TWO'), scope)).toBe("a ba b");
  });

  it("strips the shortest and longest prefix and suffix a pattern matches, classes too, in linear time", () => {
    const env = new Map([["ARCHIVE", "dist/app-1.2.tar.gz"], ["LONG", "a".repeat(5_000)]]);
    const strip = (s: string) => expandWord(firstWord(s), { env });
    expect(strip("${ARCHIVE#*.}:${ARCHIVE##*.}:${ARCHIVE%.*}:${ARCHIVE%%.*}")).toEqual(["2.tar.gz:gz:dist/app-1.2.tar:dist/app-1"]);
    expect(strip("${ARCHIVE#*[0-9]}:${ARCHIVE%[!.]*}")).toEqual([".2.tar.gz:dist/app-1.2.tar.g"]);
    const started = performance.now();
    expect(strip("${LONG#*a*a*a*a*a*a*b}")).toEqual(["a".repeat(5_000)]);
    expect(strip("${LONG%%a*a*a*a*a*a*b}")).toEqual(["a".repeat(5_000)]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
