/** The shared shell reader: the shapes of sh and bash that RUN steps, entrypoint scripts and `run:` scripts hold. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { literalWord } from "./expand.js";
import { parseScript } from "./parse.js";
import type { SimpleCommand } from "./parse.js";

const commandsOf = (script: string): SimpleCommand[] => parseScript(script).flatMap((l) => l.pipelines.flatMap((p) => p.commands));
const raw = (script: string): string[][] => commandsOf(script).map((c) => c.words.map((w) => w.raw));
const literal = (script: string): string[][] => commandsOf(script).map((c) => c.words.map(literalWord));

describe("shell reader", () => {
  it("splits lists, pipelines and continuations, and skips comments and heredocs", () => {
    const script = `# build\ndocker build \\\n  -t app . && docker push app || echo failed; echo "a;b" | tee x\ncat <<EOF\ndocker push never\nEOF\necho end`;
    expect(raw(script)).toEqual([["docker", "build", "-t", "app", "."], ["docker", "push", "app"], ["echo", "failed"], ["echo", '"a;b"'], ["tee", "x"], ["cat"], ["echo", "end"]]);
    const lists = parseScript(script);
    expect(lists[0]!.ops).toEqual(["&&", "||"]);
    expect(lists[0]!.pipelines[0]!.commands[0]!.line).toBe(2);
    expect(lists.at(-1)!.pipelines[0]!.commands[0]!.line).toBe(7);
  });

  it("reads a case item's patterns as no command, and its body, on the pattern's line or below it, as conditional", () => {
    // pnpm/pnpm .github/workflows/test.yml (Validate test chunk inputs)
    const script = `case "$TEST_CHUNK" in\n  ''|*[!0-9]*)\n    echo "::error::test_chunk must be a positive integer"\n    exit 1\n    ;;\n  v*) echo tag ;;\nesac\nexit 0`;
    expect(raw(script)).toEqual([["echo", '"::error::test_chunk must be a positive integer"'], ["exit", "1"], ["echo", "tag"], ["exit", "0"]]);
    expect(commandsOf(script).map((c) => c.conditional)).toEqual([true, true, true, false]);
    // A subshell's `)` inside a case body still closes only the subshell.
    expect(commandsOf("case $X in\n  a) (cd web && make) ;;\nesac\nmake").map((c) => [c.words[0]!.raw, c.conditional])).toEqual([["cd", true], ["make", true], ["make", false]]);
  });

  it("recognises variables, GitHub expressions and bad substitutions", () => {
    const [cmd] = parseScript(`echo "$A" \${B:-x} '\${{ secrets.C }}' "\${ secrets.D }" $(date)`)[0]!.pipelines[0]!.commands;
    const kinds = cmd!.words.slice(1).map((w) => w.parts.map((p) => p.kind).join("+"));
    expect(kinds).toEqual(["var", "var", "expr", "bad", "subst"]);
  });

  it("reads `${{ }}` as sh does when no workflow substitutes it", () => {
    const [cmd] = parseScript(`echo '\${{ secrets.C }}' "\${{ secrets.C }}"`, { githubExpressions: false })[0]!.pipelines[0]!.commands;
    expect(cmd!.words.slice(1).map((w) => w.parts.map((p) => p.kind).join("+"))).toEqual(["lit", "bad"]);
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

  it("reads every leading assignment, not only the first", () => {
    const [cmd] = parseScript("CGO_ENABLED=0 GOOS=$TARGETOS go build -o out .")[0]!.pipelines[0]!.commands;
    expect(cmd!.assignments.map((a) => a.name)).toEqual(["CGO_ENABLED", "GOOS"]);
    expect(cmd!.words[0]!.raw).toBe("go");
  });

  it("splits lists on && || ; and newlines, keeping the connectors", () => {
    const lists = parseScript("cd /app && npm ci || echo failed; ls\nrun it");
    expect(literal("cd /app && npm ci || echo failed; ls\nrun it")).toEqual([["cd", "/app"], ["npm", "ci"], ["echo", "failed"], ["ls"], ["run", "it"]]);
    expect(lists.map((l) => l.ops)).toEqual([["&&", "||"], [], []]);
  });

  it("joins backslash continuations and keeps quoted text whole", () => {
    expect(literal(`pip install \\\n  -r "requirements file.txt" 'a b'`)).toEqual([["pip", "install", "-r", "requirements file.txt", "a b"]]);
  });

  it("continues a list after a trailing && on the previous line", () => {
    const lists = parseScript("apt-get update &&\n  apt-get install -y curl");
    expect(lists.map((l) => l.ops)).toEqual([["&&"]]);
    expect(parseScript("cat x |\n\n  grep y")[0]!.pipelines[0]!.commands).toHaveLength(2);
  });

  it("drops comments and records redirections apart from words", () => {
    const [cmd] = parseScript("echo hi > /tmp/out 2>&1 # note")[0]!.pipelines[0]!.commands;
    expect(cmd?.words.map(literalWord)).toEqual(["echo", "hi"]);
    // The file-descriptor number of `2>&1` is not kept: no simulator asks which stream is redirected.
    expect(cmd?.redirects.map((r) => [r.op, r.target?.raw])).toEqual([[">", "/tmp/out"], [">&", "1"]]);
  });

  it("gives line numbers of commands", () => {
    expect(commandsOf("a\n\nb \\\n c\nd").map((c) => c.line)).toEqual([1, 3, 5]);
  });

  it("marks a list ended by & as run in the background", () => {
    expect(parseScript("nginx & exec node app.js").map((l) => l.background)).toEqual([true, false]);
  });

  it("never throws on arbitrary text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), fc.boolean(), (s, githubExpressions) => Array.isArray(parseScript(s, { githubExpressions }))));
  });
});
