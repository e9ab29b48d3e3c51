/**
 * A clean repository of real-world-style workflows (tests/fixtures/lint-clean/workflow-repo: matrices, a
 * reusable workflow and its caller, dispatch inputs of every type, services, a job container, a composite
 * action, concurrency, environments, artifacts, a dynamic matrix) lints with no error, whole or one workflow at
 * a time; and the same repository with files its steps read taken away is caught, so the clean result is not
 * the checks being off.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CliIO } from "../server/cli/io.js";
import { main } from "../server/cli/main.js";

const REPO = path.join(import.meta.dirname, "fixtures", "lint-clean", "workflow-repo");
const WORKFLOWS = readdirSync(path.join(REPO, ".github", "workflows")).sort();

async function lint(args: string[], cwd: string) {
  let stdout = "";
  let stderr = "";
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: {}, cwd };
  const code = await main(["lint", ...args], io);
  return { code, stdout, stderr };
}

describe("the clean workflow repository", () => {
  it("covers the shapes real workflows use", () => {
    const all = WORKFLOWS.map((f) => readFileSync(path.join(REPO, ".github", "workflows", f), "utf8")).join("\n");
    for (const shape of [
      /matrix:\n(.*\n)*?\s+exclude:/,
      /include:/,
      /fromJSON\(needs\./,
      /workflow_call:/,
      /uses: \.\/\.github\/workflows\//,
      /secrets: inherit/,
      /type: choice/,
      /type: environment/,
      /type: boolean/,
      /type: number/,
      /services:/,
      /container:\n\s+image:/,
      /uses: \.\/\.github\/actions\//,
      /uses: docker:\/\//,
      /concurrency:/,
      /environment:\n\s+name:/,
      /schedule:/,
      /actions\/download-artifact/,
      /docker\/build-push-action/,
    ]) {
      expect(all, String(shape)).toMatch(shape);
    }
    expect(WORKFLOWS.length).toBeGreaterThanOrEqual(12);
  });

  it("lints with no finding, whole", async () => {
    const res = await lint(["."], REPO);
    expect([res.code, res.stdout, res.stderr]).toEqual([0, "", ""]);
  });

  it.each(WORKFLOWS)("%s lints with no error when named alone", async (file) => {
    const res = await lint([path.join(".github", "workflows", file)], REPO);
    expect(res.stdout).toBe("");
    expect(res.code).toBe(0);
  });
});

describe("the same repository with files missing", () => {
  const copy = mkdtempSync(path.join(tmpdir(), "breakfix-workflow-repo-"));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it("reports each step that reads what is gone", async () => {
    cpSync(REPO, copy, { recursive: true });
    for (const gone of ["package-lock.json", "requirements-dev.txt", "Makefile"]) rmSync(path.join(copy, gone));
    const res = await lint(["--format", "json", ".github/workflows"], copy);
    const found = (JSON.parse(res.stdout) as { file: string; code: string; message: string }[]).map((d) => `${d.file} ${d.code} ${d.message}`);
    expect(found).toEqual([
      ".github/workflows/ci.yml GHA101 npm error code EUSAGE",
      ".github/workflows/container.yml GHA101 npm error code EUSAGE",
      ".github/workflows/docs.yml GHA101 make: *** No rule to make target 'check'.  Stop.",
      ".github/workflows/nightly.yml GHA101 npm error code EUSAGE",
      ".github/workflows/python.yml GHA101 ERROR: Could not open requirements file: [Errno 2] No such file or directory: 'requirements-dev.txt'",
      // A job that runs only upstream still reads its checkout: the missing Makefile is a warning there.
      ".github/workflows/upstream-only.yml GHA101 make: *** No rule to make target 'docs'.  Stop.",
    ]);
    expect(res.code).toBe(1);
  });
});
