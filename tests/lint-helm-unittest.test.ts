/**
 * A chart's helm-unittest suite (cert-manager's deploy/charts/cert-manager/tests/controller/service_test.yaml,
 * under deploy/, a directory the lint reads wholesale) is helm unittest's input, not an object missing apiVersion
 * and kind; a file of that name that is an object is still read, and a suite elsewhere is still refused.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../simulators/index.js";

const REPO = path.join(import.meta.dirname, "fixtures", "lint-clean", "helm-unittest");
const SUITE = "deploy/charts/cert-manager/tests/controller/service_test.yaml";

function filesUnder(dir: string): LintFile[] {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
  return walk(dir).map((f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), content: readFileSync(f, "utf8"), mode: 0o644 }));
}

const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: false }).map((d) => `${d.file}:${d.line} ${d.code}`);

describe("a chart's helm-unittest suite", () => {
  it("is not applied as an object: the chart lints clean", () => {
    expect(lint(filesUnder(REPO))).toEqual([]);
  });

  it("is still refused kept elsewhere in a manifest directory", () => {
    const moved = filesUnder(REPO).map((f) => (f.path === SUITE ? { ...f, path: "deploy/charts/cert-manager/service_test.yaml" } : f));
    expect(lint(moved)).toEqual(["deploy/charts/cert-manager/service_test.yaml:1 K8S002"]);
  });

  it("is read when the file is an object, and judged as one", () => {
    const object = filesUnder(REPO).map((f) => (f.path === SUITE ? { ...f, content: "apiVersion: v1\nkind: ConfigMap\ndata: {}\n" } : f));
    expect(lint(object)).toEqual([`${SUITE}:1 K8S003`]);
  });
});
