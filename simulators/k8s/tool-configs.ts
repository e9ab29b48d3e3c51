/**
 * Configuration files that a command-line tool reads and no API server serves, though they are written with
 * `apiVersion:` and `kind:` as objects are: kind's cluster config (`kind create cluster --config`, parsed by kind
 * itself in pkg/internal/apis/config/encoding/load.go), the Flux schema plugin's `.fluxschema.yml` (`flux-schema
 * validate -c`), kubeadm's `--config` and a kubeconfig (`apiVersion: v1, kind: Config`, read by kubectl's
 * client). Where a project keeps one outside the directories it applies, it is the tool's input, not an object.
 */
import type { ManifestFile } from "./documents.js";

/** apiVersion groups (before the "/") whose every kind is a tool's configuration. */
const TOOL_GROUPS = new Set(["kind.x-k8s.io", "schema.plugin.fluxcd.io", "kubeadm.k8s.io"]);

function isToolConfigObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { apiVersion, kind } = value as Record<string, unknown>;
  if (typeof apiVersion !== "string" || typeof kind !== "string") return false;
  if (apiVersion === "v1") return kind === "Config";
  const slash = apiVersion.indexOf("/");
  return slash > 0 && TOOL_GROUPS.has(apiVersion.slice(0, slash));
}

/**
 * Whether every document of a file is a tool's configuration. A file that also holds an object (or a document
 * that could not be read) is read as manifests, so what kubectl would refuse in it is still judged.
 * @example isToolConfigFile(parseManifestFile("kind.yaml", "kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\n")) // true
 */
export function isToolConfigFile(file: ManifestFile): boolean {
  return file.documents.length > 0 && file.documents.every((d) => d.problem === undefined && isToolConfigObject(d.value));
}
