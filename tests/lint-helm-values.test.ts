/**
 * Helm values kept under another name than values*.yaml (cert-manager's deploy/manifests/helm-values.yaml, in
 * deploy/, a directory the lint reads wholesale) are given to helm with -f, not applied: they were K8S002
 * 'apiVersion not set, kind not set'. A file of that name that is an object is read, and the same values under
 * a name that is not a values file's are still refused.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../simulators/index.js";

function filesUnder(dir: string): LintFile[] {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
  return walk(dir).map((f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), content: readFileSync(f, "utf8"), mode: 0o644 }));
}

const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: false }).map((d) => `${d.file}:${d.line} ${d.code}`);

describe("Helm values named otherwise than values*.yaml", () => {
  const VALUES = path.join(import.meta.dirname, "fixtures", "lint-clean", "helm-values");
  const FILE = "deploy/manifests/helm-values.yaml";

  it("are not applied as an object: cert-manager's deploy/manifests lints clean", () => {
    expect(lint(filesUnder(VALUES))).toEqual([]);
  });

  it("are read when the file is an object, and another file of that content is still refused", () => {
    const object = filesUnder(VALUES).map((f) => (f.path === FILE ? { ...f, content: "apiVersion: v1\nkind: ConfigMap\ndata: {}\n" } : f));
    expect(lint(object)).toEqual([`${FILE}:1 K8S003`]);
    const renamed = filesUnder(VALUES).map((f) => (f.path === FILE ? { ...f, path: "deploy/manifests/helm.yaml" } : f));
    expect(lint(renamed)).toEqual(["deploy/manifests/helm.yaml:1 K8S002"]);
  });
});
