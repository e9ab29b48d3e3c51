/**
 * Workflows of busy repositories that GitHub runs (tests/fixtures/lint-clean/busy-workflows, excerpts of
 * astral-sh/ruff and moby/buildkit) lint clean: a reusable workflow called by self-repository reference (`$/`),
 * a step ending `exit "${PIPESTATUS[0]}"`, and artifacts a matrix's legs name with `${platform//\//-}`, the
 * second leg's downloaded later. The faults of each class next to them are still caught.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../simulators/index.js";

const REPO = path.join(import.meta.dirname, "fixtures", "lint-clean", "busy-workflows");

function filesUnder(dir: string): LintFile[] {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
  return walk(dir).map((f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), content: readFileSync(f, "utf8"), mode: 0o644 }));
}

const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: true }).map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`);
const edited = (file: string, edit: (text: string) => string) => filesUnder(REPO).map((f) => (f.path === `.github/workflows/${file}` ? { ...f, content: edit(f.content) } : f));

describe("busy repositories' workflows", () => {
  it("lint clean", () => {
    expect(lint(filesUnder(REPO))).toEqual([]);
  });

  it("still refuse a self-repository reference with a ref after it", () => {
    const found = lint(edited("release.yml", (t) => t.replace("build-binaries.yml\n", "build-binaries.yml@main\n")));
    expect(found).toEqual([".github/workflows/release.yml:23 GHA011 invalid value workflow reference: references to workflows must be rooted in '.github/workflows'"]);
  });

  it("still fail a step that exits with a variable nothing set", () => {
    const found = lint(edited("ci.yaml", (t) => t.replace('exit "$exit_code"', 'exit "$exitcode"')));
    expect(found).toEqual([".github/workflows/ci.yaml:18 GHA116 Process completed with exit code 2."]);
  });

  it("still miss an artifact no leg can name", () => {
    const found = lint(edited("test-os.yml", (t) => t.replace("name: buildkit-freebsd-amd64", "name: binaries-freebsd-amd64")));
    expect(found).toEqual([".github/workflows/test-os.yml:40 GHA110 Unable to download artifact(s): Artifact not found for name: binaries-freebsd-amd64"]);
  });

  it("replace the platform's slash as bash does, so one leg's artifact name is known", () => {
    const oneLeg = (platform: string) => edited("test-os.yml", (t) => t.replace("          - windows/amd64\n          - freebsd/amd64\n", `          - ${platform}\n`));
    expect(lint(oneLeg("freebsd/amd64"))).toEqual([]);
    expect(lint(oneLeg("windows/amd64"))).toEqual([".github/workflows/test-os.yml:39 GHA110 Unable to download artifact(s): Artifact not found for name: buildkit-freebsd-amd64"]);
  });
});
