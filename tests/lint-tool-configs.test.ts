/**
 * A tool's configuration written as an object (fluxcd/flux2-kustomize-helm-example's `.fluxschema.yml`,
 * kubernetes-sigs/kind's cluster config) kept where nothing applies it is that tool's input: neither file is
 * K8S003 'resource name may not be empty'. In a directory applied wholesale, or listed as a kustomization's
 * resource, kubectl reads it and refuses it still.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../simulators/index.js";

const REPO = path.join(import.meta.dirname, "fixtures", "lint-clean", "tool-configs");
const KIND = "site/static/examples/config-with-port-mapping.yaml";

function filesUnder(dir: string): LintFile[] {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
  return walk(dir).map((f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), content: readFileSync(f, "utf8"), mode: 0o644 }));
}

const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: false }).map((d) => `${d.file}:${d.line} ${d.code}`);
const moved = (to: string) => filesUnder(REPO).map((f) => (f.path.endsWith(".yaml") || f.path.endsWith(".yml") ? { ...f, path: `${to}/${path.posix.basename(f.path)}` } : f));

describe("a tool's configuration written as an object", () => {
  it("is not applied where no project applies it: the flux schema settings and kind's cluster config lint clean", () => {
    expect(lint(filesUnder(REPO))).toEqual([]);
  });

  it("is still refused in a directory applied wholesale", () => {
    expect(lint(moved("k8s"))).toEqual(["k8s/.fluxschema.yml:1 K8S003", "k8s/config-with-port-mapping.yaml:1 K8S003"]);
  });

  it("is still refused where a kustomization lists it as a resource", () => {
    const files = [...filesUnder(REPO), { path: "site/static/examples/kustomization.yaml", content: "resources:\n  - config-with-port-mapping.yaml\n", mode: 0o644 }];
    expect(lint(files)).toEqual([`${KIND}:1 K8S003`]);
  });

  it("is read as manifests when the file holds an object besides", () => {
    const withObject = filesUnder(REPO).map((f) => (f.path === KIND ? { ...f, content: `${f.content}---\napiVersion: v1\nkind: ConfigMap\ndata: {}\n` } : f));
    expect(lint(withObject)).toEqual([`${KIND}:1 K8S003`, `${KIND}:16 K8S003`]);
  });
});
