/** The run-script tokenizer: the shapes of bash a workflow's `run:` holds. */
import { describe, expect, it } from "vitest";
import { parseScript } from "./shell.js";

const words = (script: string): string[][] =>
  parseScript(script).flatMap((l) => l.pipelines.flatMap((p) => p.commands.map((c) => c.words.map((w) => w.raw))));

describe("shell tokenizer", () => {
  it("splits lists, pipelines and continuations, and skips comments and heredocs", () => {
    const script = `# build\ndocker build \\\n  -t app . && docker push app || echo failed; echo "a;b" | tee x\ncat <<EOF\ndocker push never\nEOF\necho end`;
    expect(words(script)).toEqual([["docker", "build", "-t", "app", "."], ["docker", "push", "app"], ["echo", "failed"], ["echo", '"a;b"'], ["tee", "x"], ["cat"], ["echo", "end"]]);
    const lists = parseScript(script);
    expect(lists[0]!.ops).toEqual(["&&", "||"]);
    expect(lists[0]!.pipelines[0]!.commands[0]!.line).toBe(2);
    expect(lists.at(-1)!.pipelines[0]!.commands[0]!.line).toBe(7);
  });

  it("recognises variables, GitHub expressions and bad substitutions", () => {
    const [cmd] = parseScript(`echo "$A" \${B:-x} '\${{ secrets.C }}' "\${ secrets.D }" $(date)`)[0]!.pipelines[0]!.commands;
    const kinds = cmd!.words.slice(1).map((w) => w.parts.map((p) => p.kind).join("+"));
    expect(kinds).toEqual(["var", "var", "expr", "bad", "subst"]);
  });

  it("marks commands inside compound commands as conditional", () => {
    const lists = parseScript(`if [ -n "$T" ]; then\n  docker login -u u -p "$T"\nfi\ndocker push x`);
    const commands = lists.flatMap((l) => l.pipelines.flatMap((p) => p.commands));
    expect(commands.map((c) => [c.words[0]!.raw, c.conditional])).toEqual([["[", true], ["docker", true], ["docker", false]]);
  });

  it("keeps assignments apart from words", () => {
    const [cmd] = parseScript('KUBECONFIG=kc kubectl apply -f k8s/')[0]!.pipelines[0]!.commands;
    expect(cmd!.assignments.map((a) => a.name)).toEqual(["KUBECONFIG"]);
    expect(cmd!.words.map((w) => w.raw)).toEqual(["kubectl", "apply", "-f", "k8s/"]);
  });
});
