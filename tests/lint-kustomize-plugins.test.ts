/**
 * A kustomization's plugin configuration (stefanprodan/podinfo's deploy/overlays/dev/labels.yaml, `apiVersion:
 * builtin, kind: LabelTransformer`, named under `transformers:`) is kustomize's input, never applied by kubectl;
 * the same file applied on its own is still refused, as kubectl has no such kind.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../simulators/index.js";

const REPO = path.join(import.meta.dirname, "fixtures", "lint-clean", "kustomize-plugins");
const OVERLAY = "deploy/overlays/dev";

function filesUnder(dir: string): LintFile[] {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
  return walk(dir).map((f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), content: readFileSync(f, "utf8"), mode: 0o644 }));
}

const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: false }).map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`);

describe("a kustomization's transformer configuration", () => {
  it("is not applied as an object: the overlay lints clean", () => {
    expect(lint(filesUnder(REPO))).toEqual([]);
  });

  it.each(["generators", "validators"])("is not applied when named under %s either", (key) => {
    const files = filesUnder(REPO).map((f) => (f.path.endsWith("kustomization.yaml") ? { ...f, content: f.content.replace("transformers:", `${key}:`) } : f));
    expect(lint(files)).toEqual([]);
  });

  it("is still refused where no kustomization runs it, or one lists it as a resource", () => {
    const refused = `${OVERLAY}/labels.yaml:2 K8S004 error: resource mapping not found for name: "labels" namespace: "" from "${OVERLAY}/labels.yaml": no matches for kind "LabelTransformer" in version "builtin"`;
    const alone = filesUnder(REPO).filter((f) => !f.path.endsWith("kustomization.yaml"));
    expect(lint(alone)).toEqual([refused]);
    const asResource = filesUnder(REPO).map((f) => (f.path.endsWith("kustomization.yaml") ? { ...f, content: f.content.replace("transformers:\n  - labels.yaml\n", "").replace("  - namespace.yaml\n", "  - namespace.yaml\n  - labels.yaml\n") } : f));
    expect(lint(asResource)).toEqual([refused]);
  });
});
