/**
 * Finds the files of a repository that `kubectl apply -f` would read: YAML and JSON files that hold Kubernetes
 * objects (block style, flow style or JSON), or any YAML file in a directory a project applies wholesale.
 * Splitting a file into documents is documents.ts's job.
 */
import path from "node:path";
import type { Repository } from "../repository.js";
import { filesToCheck, type SimulationOptions } from "../simulation.js";
import { parseManifestFile, type ManifestFile } from "./documents.js";
import { flowHasTypeKeys } from "./json-stream.js";
import { isToolConfigFile } from "./tool-configs.js";

export { MAX_ALIAS_COUNT, MAX_REQUEST_BYTES, parseManifestFile } from "./documents.js";
export type { ManifestDocument, ManifestFile } from "./documents.js";

/** Directories whose YAML files a project applies wholesale (`kubectl apply -f k8s/`). */
const MANIFEST_DIRS = new Set(["k8s", "kubernetes", "kube", "manifests", "deploy", "deployment", "kustomize", "overlays", "base", "bases"]);

/** YAML files that live beside manifests but are not Kubernetes objects. */
const NOT_MANIFESTS = /(^|\/)(kustomization\.ya?ml|Kustomization|Chart\.ya?ml|values[^/]*\.ya?ml|(docker-)?compose[^/]*\.ya?ml|skaffold\.ya?ml|\.pre-commit-config\.ya?ml)$/;

/**
 * Whether text looks like Kubernetes manifests: a top-level `apiVersion:` and `kind:` in some document, in block
 * style or in flow style and JSON (`{"apiVersion": "v1", "kind": "Service", ...}`), which kubectl reads alike.
 * @example looksLikeManifest("apiVersion: v1\nkind: ConfigMap\n") // true
 * @example looksLikeManifest('{"apiVersion": "v1", "kind": "ConfigMap"}') // true
 */
export function looksLikeManifest(content: string): boolean {
  return (/^apiVersion:[ \t]*\S/m.test(content) && /^kind:[ \t]*\S/m.test(content)) || flowHasTypeKeys(content);
}

/** What kustomizations say of the files they name: those not applied, and those listed as resources. */
interface KustomizeListings {
  /**
   * Paths a kustomization reads as something other than an object to apply: patches (partial objects that
   * kustomize merges), the configuration of a plugin it runs (transformers:, generators:, validators:, such as
   * `apiVersion: builtin, kind: LabelTransformer`, a kind only kustomize serves), its own field specs
   * (configurations:, replacements:, crds:), and the files a configMapGenerator or secretGenerator packs as data
   * (an Envoy config, `key=envoy.yaml`). None is ever applied alone.
   */
  notApplied: Set<string>;
  /** Paths listed under resources:, which kustomize builds into what kubectl applies. */
  resources: Set<string>;
}

/** Reads every kustomization of a repository; kustomize reads `Kustomization` as well as kustomization.yaml and .yml. */
function kustomizeListings(repo: Repository): KustomizeListings {
  const listings: KustomizeListings = { notApplied: new Set(), resources: new Set() };
  for (const [p, file] of repo) {
    if (!/(^|\/)(kustomization\.ya?ml|Kustomization)$/.test(p)) continue;
    const dir = path.posix.dirname(p);
    for (const m of file.content.matchAll(/^\s*(?:-\s*)?(?:path:\s*)?(?:[\w.-]+=)?([\w./-]+\.ya?ml)\s*$/gm)) {
      const listed = path.posix.normalize(path.posix.join(dir, m[1] ?? ""));
      // The top-level key the entry sits under.
      const section = [...file.content.slice(0, m.index).matchAll(/^([A-Za-z0-9]+):/gm)].pop()?.[1] ?? "";
      if (/^(patches|transformers$|generators$|validators$|configurations$|replacements$|crds$|configMapGenerator$|secretGenerator$)/i.test(section)) listings.notApplied.add(listed);
      if (section === "resources") listings.resources.add(listed);
    }
  }
  return listings;
}

/** Whether `p` sits in a directory a project applies wholesale (k8s/, deploy/, manifests/ ...). */
function inManifestDirectory(p: string): boolean {
  return path.posix.dirname(p).split("/").some((d) => MANIFEST_DIRS.has(d));
}

/** Whether `p` is a file the k8s simulator reads. */
export function isManifestPath(p: string, content: string): boolean {
  const json = /\.json$/i.test(p);
  if (!(json || /\.ya?ml$/i.test(p)) || NOT_MANIFESTS.test(p) || p.startsWith(".github/")) return false;
  // A Helm 2 chart's dependency list (`dependencies:` beside Chart.yaml), unless it really is an object.
  if (/(^|\/)requirements\.ya?ml$/.test(p) && !looksLikeManifest(content)) return false;
  // A helm-unittest suite (`suite:`, `templates:`, `tests:`), kept as a chart's tests/*_test.yaml: helm
  // unittest renders the chart's templates against it, and nothing applies it. One that is an object is read.
  if (/(^|\/)tests\/(.+\/)?[^/]+_test\.ya?ml$/.test(p) && !looksLikeManifest(content)) return false;
  // Helm values under another name than values*.yaml (helm-values.yaml, prod.values.yaml), given to helm with
  // -f, unless it really is an object.
  if (/[-_.]values\.ya?ml$/.test(p) && !looksLikeManifest(content)) return false;
  // Helm templates are not YAML until rendered, in a chart's templates/ or named as a template
  // (crd.template.header.yaml, a piece a Makefile pastes into a chart).
  if (/(^|\/)templates\/|\.(template|tmpl|tpl|gotmpl)\.[^/]*$/.test(p) && content.includes("{{")) return false;
  const inManifestDir = inManifestDirectory(p);
  // JSON files in a manifest directory are also dashboards, schemas and settings: only those shaped like an
  // object (apiVersion or kind at the top) are read, so that one missing its kind is still judged.
  if (json) return flowHasTypeKeys(content, inManifestDir);
  return inManifestDir || looksLikeManifest(content);
}

/**
 * The manifest files of a repository, parsed, in path order. Under `breakfix lint --kind k8s` every file the
 * user named is read as a manifest, whatever its name; under another forced kind, none is.
 */
export function readManifests(repo: Repository, options: SimulationOptions = {}): ManifestFile[] {
  const kustomize = kustomizeListings(repo);
  const forced = options.kind === "k8s" ? new Set(filesToCheck(repo, options, "k8s", () => true)) : new Set<string>();
  if (options.kind !== undefined && options.kind !== "k8s") return [];
  const files: ManifestFile[] = [];
  for (const p of [...repo.keys()].sort()) {
    // A file that cannot be a manifest is not read: what a simulation reads is what it depends on (incremental/read-log.ts).
    if (!forced.has(p) && !/\.(ya?ml|json)$/i.test(p)) continue;
    const content = repo.get(p)?.content ?? "";
    if (!forced.has(p) && (kustomize.notApplied.has(p) || !isManifestPath(p, content))) continue;
    const file = parseManifestFile(p, content);
    // A tool's configuration (kind-config.yaml, .fluxschema.yml) kept where nothing applies it is that tool's
    // input; in a directory applied wholesale, or listed as a kustomization's resource, kubectl reads it.
    if (!forced.has(p) && isToolConfigFile(file) && !inManifestDirectory(p) && !kustomize.resources.has(p)) continue;
    files.push(file);
  }
  // A delivery applies its project's manifest directory (`kubectl apply -f k8s/`): an object written beside it
  // (docs/configmap.yaml) never reaches the cluster, so it cannot make a pod start. Linting a user's files
  // (the world unknown) still reads every manifest, wherever it lies.
  if (options.worldKnown !== false && options.kind === undefined && files.some((f) => inManifestDirectory(f.path))) {
    return files.filter((f) => inManifestDirectory(f.path));
  }
  return files;
}
