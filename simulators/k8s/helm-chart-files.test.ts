/**
 * A Helm 2 chart kept among manifests (argo-cd's manifests/ha/base/redis-ha/chart/) holds requirements.yaml, its
 * list of dependencies: not a Kubernetes object, so not called one missing apiVersion and kind. A file of that
 * name that is an object is still read, and one in a manifest folder missing its kind is still judged.
 */
import { describe, expect, it } from "vitest";
import { isManifestPath } from "./manifests.js";

const DEPENDENCIES = "dependencies:\n- name: redis-ha\n  version: 4.35.10\n  repository: https://dandydeveloper.github.io/charts\n";

describe("a Helm chart's requirements.yaml", () => {
  it("is not a manifest, even in a manifest folder", () => {
    expect(isManifestPath("manifests/ha/chart/requirements.yaml", DEPENDENCIES)).toBe(false);
    expect(isManifestPath("deploy/requirements.yml", DEPENDENCIES)).toBe(false);
  });

  it("is one when it is an object, and other files of a manifest folder are still read", () => {
    expect(isManifestPath("k8s/requirements.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: requirements\n")).toBe(true);
    expect(isManifestPath("manifests/ha/chart/dependencies.yaml", DEPENDENCIES)).toBe(true);
  });
});
