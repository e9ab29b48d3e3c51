/** The control flow the simulators follow: frames the reader records, the tree over them, loop words, exit statuses. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_FRAME_DEPTH } from "./frames.js";
import type { Frame } from "./parse.js";
import { parseScript } from "./parse.js";
import { exitStatusOf, literalLoopWords, MAX_LOOP_WORDS, programOf, runsConditionally } from "./program.js";
import type { ProgramNode } from "./program.js";

const commandsOf = (script: string) => parseScript(script).flatMap((l) => l.pipelines.flatMap((p) => p.commands));
const describeFrame = (f: Frame): string => (f.kind === "function" ? `function ${f.name}` : f.kind === "for" ? `for ${f.variable}` : f.kind);
const shape = (nodes: readonly ProgramNode[]): unknown[] =>
  nodes.map((n) => (n.kind === "list" ? n.list.pipelines[0]!.commands[0]!.words.map((w) => w.raw).join(" ") : { [describeFrame(n.frame)]: shape(n.body) }));

describe("frames", () => {
  it("reads a function definition in either syntax, its body inside it and conditional, its call outside", () => {
    for (const script of ['push() { docker push "$I"; docker push b; }\npush', "function push { docker push a; docker push b; }\npush", "function push() {\n  docker push a\n  docker push b\n}\npush"]) {
      const commands = commandsOf(script);
      expect(commands.map((c) => [c.words[0]!.raw, c.conditional, c.frames.map(describeFrame)])).toEqual([
        ["docker", true, ["function push"]],
        ["docker", true, ["function push"]],
        ["push", false, []],
      ]);
      expect(commands[0]!.frames[0]).toBe(commands[1]!.frames[0]);
    }
  });

  it("reads a for loop's variable and words, and `for x; do` as a loop over the positional parameters", () => {
    const [inLoop] = commandsOf('for t in "${{ github.sha }}" latest; do docker push "app:$t"; done');
    const frame = inLoop!.frames[0]!;
    expect(frame.kind === "for" && [frame.variable, frame.words?.map((w) => w.raw)]).toEqual(["t", ['"${{ github.sha }}"', "latest"]]);
    const [positional] = commandsOf("for x\ndo\n  echo $x\ndone");
    expect(positional!.frames[0]).toMatchObject({ kind: "for", variable: "x", words: null });
    const [arithmetic] = commandsOf("for ((i = 0; i < 3; i++)); do echo $i; done").filter((c) => c.words[0]?.raw === "echo");
    expect(arithmetic!.frames[0]).toMatchObject({ kind: "for", variable: "" });
  });

  it("closes a subshell at its `)` and leaves nothing open after it", () => {
    const commands = commandsOf("( cd web && make )\ndocker push x");
    expect(commands.map((c) => c.frames.map(describeFrame))).toEqual([["subshell"], ["subshell"], []]);
  });

  it("bounds the frames of deeply nested input and never throws", () => {
    const deep = `${"{ ".repeat(500)}echo deep; ${"} ".repeat(500)}\necho after`;
    const commands = commandsOf(deep);
    expect(commands[0]!.frames.length).toBe(MAX_FRAME_DEPTH + 1);
    expect(commands[1]!.frames).toEqual([]);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z(){};& \n"'|]{0,80}$/), (script) => {
        for (const c of commandsOf(script)) expect(c.frames.length).toBeLessThanOrEqual(MAX_FRAME_DEPTH + 1);
      }),
    );
  });
});

describe("programOf", () => {
  it("groups each compound command's lists under it, in script order", () => {
    const tree = programOf(parseScript("a\nf() {\n  b\n  for x in 1 2; do c; done\n}\nf\nif t; then d; fi"));
    expect(shape(tree)).toEqual(["a", { "function f": ["b", { "for x": ["c"] }] }, "f", { if: ["t", "d"] }]);
  });

  it("keeps a list that runs into a group whole where it starts", () => {
    expect(shape(programOf(parseScript("test -f x && { make; }")))).toEqual(["test -f x"]);
  });
});

describe("runsConditionally", () => {
  it("is false only where every frame around a command is followed", () => {
    const [inner] = commandsOf("f() { if t; then docker push x; fi; }").filter((c) => c.words[0]!.raw === "docker");
    const [fn, cond] = inner!.frames;
    expect(runsConditionally(inner!, new Set())).toBe(true);
    expect(runsConditionally(inner!, new Set([fn!]))).toBe(true);
    expect(runsConditionally(inner!, new Set([fn!, cond!]))).toBe(false);
    expect(runsConditionally(commandsOf("docker push x")[0]!, new Set())).toBe(false);
  });
});

describe("literalLoopWords", () => {
  const loopFrame = (script: string) => {
    const frame = commandsOf(script)[0]!.frames[0]!;
    if (frame.kind !== "for") throw new Error("not a loop");
    return frame;
  };
  it("knows literal words and GitHub expressions", () => {
    expect(literalLoopWords(loopFrame('for t in "${{ github.sha }}" latest v1; do x; done'))?.length).toBe(3);
    expect(literalLoopWords(loopFrame("for t in; do x; done"))).toEqual([]);
  });
  it("does not know variables, command output, globs, the positional parameters or too many words", () => {
    for (const script of ["for t in $TAGS; do x; done", "for t in $(git tag); do x; done", "for f in *.yaml; do x; done", "for t; do x; done"]) {
      expect(literalLoopWords(loopFrame(script)), script).toBeNull();
    }
    const many = Array.from({ length: MAX_LOOP_WORDS + 1 }, (_, i) => `w${i}`).join(" ");
    expect(literalLoopWords(loopFrame(`for t in ${many}; do x; done`))).toBeNull();
  });
});

describe("exitStatusOf", () => {
  it("takes bash's status: the last one for a bare exit, modulo 256, 2 for a non-number", () => {
    expect(exitStatusOf(undefined, 7)).toEqual({ status: 7 });
    expect(exitStatusOf("0", 1)).toEqual({ status: 0 });
    expect(exitStatusOf("257", 0)).toEqual({ status: 1 });
    expect(exitStatusOf("-1", 0)).toEqual({ status: 255 });
    expect(exitStatusOf("soon", 0)).toEqual({ status: 2, message: "exit: soon: numeric argument required" });
  });
});
