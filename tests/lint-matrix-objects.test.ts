/**
 * A workflow whose matrix values are objects (open-telemetry/opentelemetry-demo's component-build-images.yml:
 * `matrix.file_tag.file`, `.context`) builds the Dockerfile each leg names, from the context it names; a leg that
 * names a Dockerfile the repository lacks is still refused.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CliIO } from "../server/cli/io.js";
import { main } from "../server/cli/main.js";
import { lintFiles, type LintFile } from "../simulators/index.js";

const REPO = path.join(import.meta.dirname, "fixtures", "lint-clean", "matrix-objects");
const WORKFLOW = ".github/workflows/component-build-images.yml";

function filesUnder(dir: string): LintFile[] {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
  return walk(dir).map((f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), content: readFileSync(f, "utf8"), mode: 0o644 }));
}

describe("a matrix of objects", () => {
  it("builds each leg's Dockerfile from its context: the workflow lints clean", async () => {
    let stdout = "";
    const io: CliIO = { stdout: (t) => void (stdout += t), stderr: () => {}, env: {}, cwd: REPO };
    expect(await main(["lint", WORKFLOW], io)).toBe(0);
    expect(stdout).toBe("");
  });

  it("still refuses a leg whose Dockerfile is missing", () => {
    const files = filesUnder(REPO).filter((f) => f.path !== "src/cart/Dockerfile");
    const found = lintFiles(files, { kind: "auto", context: true }).filter((d) => d.file === WORKFLOW);
    expect(found.map((d) => `${d.line} ${d.code} ${d.message}`)).toEqual([
      "43 GHA101 ERROR: failed to build: failed to solve: failed to read dockerfile: open Dockerfile: no such file or directory",
    ]);
  });
});
