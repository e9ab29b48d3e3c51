/**
 * A file named as a template holding Helm template markup (cert-manager's
 * make/_shared_new/helm/crd.template.header.yaml, `{{- if REPLACE_CRD_EXPRESSION }}`) is not YAML until
 * rendered, as a chart's templates/ are not: it was K8S001 'invalid character '{' looking for beginning of object
 * key string'. The same markup in a file named as a manifest is still refused, as is a broken file named as a
 * template without markup.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../simulators/index.js";

const FILE = "make/_shared_new/helm/crd.template.header.yaml";
const HEADER = readFileSync(path.join(import.meta.dirname, "fixtures", "lint-clean", "template-pieces", FILE), "utf8");

const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: false }).map((d) => `${d.file}:${d.line} ${d.code}`);
const file = (p: string, content: string): LintFile => ({ path: p, content, mode: 0o644 });

describe("a piece of a Helm template named as a template", () => {
  it("is not read as manifests before it is rendered", () => {
    expect(lint([file(FILE, HEADER)])).toEqual([]);
  });

  it("is read when named as a manifest, or when it holds no markup", () => {
    expect(lint([file("make/_shared_new/helm/crd.header.yaml", HEADER)])).toEqual(["make/_shared_new/helm/crd.header.yaml:1 K8S001"]);
    expect(lint([file("deploy/crd.template.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [broken\n")])).toEqual(["deploy/crd.template.yaml:5 K8S001"]);
  });
});
