/**
 * Files a kustomization reads as input (GoogleCloudPlatform/kubernetes-engine-samples: a `configurations:` field
 * spec, and an Envoy config packed by a `configMapGenerator:` of a file named `Kustomization`) are never applied
 * as objects; the same files with no kustomization naming them, or named under `resources:`, are still refused,
 * as kubectl finds no apiVersion or kind in them.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../simulators/index.js";

const REPO = path.join(import.meta.dirname, "fixtures", "lint-clean", "kustomize-inputs");
const CONFIG = "ai-ml/anthropic-agent-sandbox/deploy/base/kustomize-config.yaml";
const ENVOY = "networking/grpc-gke-nlb-tutorial/envoy/k8s/envoy.yaml";

function filesUnder(dir: string): LintFile[] {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
  return walk(dir).map((f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), content: readFileSync(f, "utf8"), mode: 0o644 }));
}

const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: false }).map((d) => `${d.file} ${d.code}`);
const isKustomization = (f: LintFile): boolean => /(^|\/)(kustomization\.yaml|Kustomization)$/.test(f.path);

describe("a kustomization's inputs", () => {
  it("are not applied as objects: both directories lint clean", () => {
    expect(lint(filesUnder(REPO))).toEqual([]);
  });

  it("are read under replacements:, crds: and secretGenerator: as well, and with key=path", () => {
    const files = filesUnder(REPO).map((f) => {
      if (f.path.endsWith("kustomization.yaml")) return { ...f, content: f.content.replace("configurations:", "replacements:") };
      if (f.path.endsWith("Kustomization")) return { ...f, content: f.content.replace("configMapGenerator:", "secretGenerator:").replace("- envoy.yaml", "- envoy=envoy.yaml") };
      return f;
    });
    expect(lint(files)).toEqual([]);
  });

  it("are still refused where no kustomization reads them, or one lists them as resources", () => {
    expect(lint(filesUnder(REPO).filter((f) => !isKustomization(f)))).toEqual([`${CONFIG} K8S002`, `${ENVOY} K8S002`]);
    const asResources = filesUnder(REPO).map((f) =>
      isKustomization(f) ? { ...f, content: f.content.replace(/^(configurations|configMapGenerator):[^]*$/m, "resources:\n- kustomize-config.yaml\n- envoy.yaml\n") } : f,
    );
    expect(lint(asResources)).toEqual([`${CONFIG} K8S002`, `${ENVOY} K8S002`]);
  });
});
