/**
 * Lint reports every independent finding, one line each: after a failure it keeps checking what does not
 * depend on it (other files, other jobs, a Dockerfile's later COPY sources and independent stages), and a
 * message that spans lines is folded into one `file:line:col:` line (JSON keeps the original as `detail`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIO } from "../server/cli/io.js";
import { main } from "../server/cli/main.js";
import { lintFiles } from "../simulators/index.js";
import { repositoryFrom } from "../simulators/repository.js";
import { simulateRepository } from "../simulators/index.js";
import { parseWorld } from "../simulators/world.js";

const lint = (files: Record<string, string>) =>
  lintFiles(
    Object.entries(files).map(([p, content]) => ({ path: p, content, mode: 0o644 })),
    { kind: "auto", context: true },
  ).map((d) => `${d.file}:${d.line} ${d.code}`);

describe("a Dockerfile after its first failure", () => {
  it("still checks every later COPY source, which the failed step cannot change", () => {
    expect(lint({ Dockerfile: "FROM alpine:3.20\nCOPY missing1.txt /a\nCOPY missing2.txt /b\nCOPY ok.txt /c\n", "ok.txt": "" })).toEqual(["Dockerfile:2 DF004", "Dockerfile:3 DF004"]);
  });

  it("skips the RUN steps, which work on what the failed step should have left", () => {
    expect(lint({ Dockerfile: "FROM node:20-alpine\nWORKDIR /app\nRUN npm install\nCOPY missing.txt .\nRUN npm test\n" })).toEqual(["Dockerfile:3 DF009", "Dockerfile:4 DF004"]);
  });

  it("builds the stages that do not need the failed one", () => {
    const dockerfile = "FROM alpine:3.20 AS a\nCOPY missing1.txt /a\nFROM alpine:3.20 AS b\nCOPY missing2.txt /b\nFROM a AS c\nCOPY missing3.txt /c\nFROM alpine:3.20\nCOPY --from=a /a /a\nCOPY --from=b /b /b\n";
    // Stage c stands on a, which failed: its COPY is not reached.
    expect(lint({ Dockerfile: dockerfile })).toEqual(["Dockerfile:2 DF004", "Dockerfile:4 DF004"]);
  });

  it("stops at the first failure in an episode, as docker build does", () => {
    const files = { Dockerfile: "FROM alpine:3.20\nCOPY missing1.txt /a\nCOPY missing2.txt /b\n" };
    const result = simulateRepository(repositoryFrom(files), parseWorld({}), { worldKnown: true });
    expect(result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual(["Dockerfile:2 DF004"]);
  });
});

describe("a workflow after its first failure", () => {
  it("reports every parse error, every failing job and every file", () => {
    const jobs = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cat a.txt\n  b:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cat b.txt\n";
    const refused = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    continue-on-error: maybe\n    steps:\n      - run: echo ${{ secretz.X }}\n";
    expect(lint({ ".github/workflows/jobs.yml": jobs, ".github/workflows/refused.yml": refused, Dockerfile: "FROM alpine:3.20\nCOPY nope /x\n" })).toEqual([
      ".github/workflows/refused.yml:5 GHA005",
      ".github/workflows/refused.yml:7 GHA013",
      ".github/workflows/jobs.yml:6 GHA101",
      ".github/workflows/jobs.yml:10 GHA101",
      "Dockerfile:2 DF004",
    ]);
  });
});

describe("the text output", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "breakfix-lint-lines-"));
    mkdirSync(path.join(dir, ".github", "workflows"), { recursive: true });
    // GitHub quotes a refused block scalar with its line breaks; two jobs share one aliased failing step.
    writeFileSync(
      path.join(dir, ".github", "workflows", "ci.yml"),
      "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    continue-on-error: |\n      maybe\n      yes\n    steps:\n      - run: echo\n",
    );
    writeFileSync(path.join(dir, ".github", "workflows", "shared.yml"), "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps: &s\n      - run: cat VERSION\n  b:\n    runs-on: ubuntu-latest\n    steps: *s\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function run(args: string[]) {
    let stdout = "";
    const io: CliIO = { stdout: (t) => void (stdout += t), stderr: () => undefined, env: {}, cwd: dir };
    await main(["lint", ...args], io);
    return stdout;
  }

  it("is one file:line:col: line per finding, each finding once", async () => {
    const lines = (await run(["."])).split("\n").filter((l) => l !== "");
    expect(lines).toEqual([
      ".github/workflows/ci.yml:5:24: error GHA005: Unexpected value 'maybe\\nyes\\n'",
      ".github/workflows/shared.yml:6:14: error GHA101: cat: VERSION: No such file or directory",
    ]);
    for (const line of lines) expect(line).toMatch(/^[^:\s]+:\d+:\d+: (error|warning) [A-Z]+\d{3}: /);
  });

  it("JSON keeps the message that spans lines as its detail", async () => {
    const [first] = JSON.parse(await run(["--format", "json", ".github/workflows/ci.yml"])) as { message: string; detail?: string }[];
    expect(first).toMatchObject({ message: "Unexpected value 'maybe\\nyes\\n'", detail: "Unexpected value 'maybe\nyes\n'" });
  });
});
