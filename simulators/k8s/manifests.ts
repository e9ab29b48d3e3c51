/**
 * Finds the files of a repository that `kubectl apply -f` would read and splits them into documents, with
 * positions. Parsing is tolerant and bounded: a malformed, hostile or huge file yields a problem to report,
 * never an exception.
 */
import path from "node:path";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, type Document } from "yaml";
import { memoByContent } from "../parse-cache.js";
import type { Repository } from "../repository.js";
import { goYamlDetail } from "./yaml-errors.js";

/** Alias expansions allowed per document: real manifests use a handful, an alias bomb uses millions. */
export const MAX_ALIAS_COUNT = 100;

const MAX_DEPTH = "exceeded max depth of 10000";

/** One YAML document of a manifest file: parsed, or the reason it could not be. */
export interface ManifestDocument {
  index: number;
  /** 1-based line where the document's content starts. */
  line: number;
  doc: Document.Parsed | null;
  /** The document as plain data; undefined when it could not be parsed. */
  value: unknown;
  /** Why the document could not be read, in go-yaml's words, and where. */
  problem?: { line: number; column: number; detail: string; /** The whole message, when not a YAML error. */ message?: string };
}

/** The API server refuses request bodies above 3 MiB, whatever they hold. */
export const MAX_REQUEST_BYTES = 3 * 1024 * 1024;

export interface ManifestFile {
  path: string;
  lineCounter: LineCounter;
  documents: ManifestDocument[];
}

/** Directories whose YAML files a project applies wholesale (`kubectl apply -f k8s/`). */
const MANIFEST_DIRS = new Set(["k8s", "kubernetes", "kube", "manifests", "deploy", "deployment", "kustomize", "overlays", "base", "bases"]);

/** YAML files that live beside manifests but are not Kubernetes objects. */
const NOT_MANIFESTS = /(^|\/)(kustomization\.ya?ml|Kustomization|Chart\.ya?ml|values[^/]*\.ya?ml|(docker-)?compose[^/]*\.ya?ml|skaffold\.ya?ml|\.pre-commit-config\.ya?ml)$/;

/**
 * Whether text looks like Kubernetes manifests: a top-level `apiVersion:` and `kind:` in some document.
 * @example looksLikeManifest("apiVersion: v1\nkind: ConfigMap\n") // true
 */
export function looksLikeManifest(content: string): boolean {
  return /^apiVersion:[ \t]*\S/m.test(content) && /^kind:[ \t]*\S/m.test(content);
}

/** Paths named as patches in a kustomization: partial objects that kustomize merges, never applied alone. */
function kustomizePatches(repo: Repository): Set<string> {
  const patches = new Set<string>();
  for (const [p, file] of repo) {
    if (!/(^|\/)kustomization\.ya?ml$/.test(p)) continue;
    const dir = path.posix.dirname(p);
    for (const m of file.content.matchAll(/^\s*(?:-\s*)?(?:path:\s*)?([\w./-]+\.ya?ml)\s*$/gm)) {
      const listed = m[1] ?? "";
      // Only entries under a top-level patches key (patches, patchesStrategicMerge, patchesJson6902).
      const section = [...file.content.slice(0, m.index).matchAll(/^([A-Za-z0-9]+):/gm)].pop()?.[1] ?? "";
      const inPatches = /^patches/i.test(section);
      if (inPatches) patches.add(path.posix.normalize(path.posix.join(dir, listed)));
    }
  }
  return patches;
}

/** Whether `p` is a file the k8s simulator reads. */
export function isManifestPath(p: string, content: string): boolean {
  if (!/\.ya?ml$/i.test(p) || NOT_MANIFESTS.test(p) || p.startsWith(".github/")) return false;
  // Helm templates are not YAML until rendered.
  if (/(^|\/)templates\//.test(p) && content.includes("{{")) return false;
  const dirs = path.posix.dirname(p).split("/");
  return looksLikeManifest(content) || dirs.some((d) => MANIFEST_DIRS.has(d));
}

/** The manifest files of a repository, parsed, in path order. */
export function readManifests(repo: Repository): ManifestFile[] {
  const patches = kustomizePatches(repo);
  const files: ManifestFile[] = [];
  for (const p of [...repo.keys()].sort()) {
    const content = repo.get(p)?.content ?? "";
    if (patches.has(p) || !isManifestPath(p, content)) continue;
    files.push(parseManifestFile(p, content));
  }
  return files;
}

/**
 * Splits one file into documents; empty and comment-only documents are dropped, as kubectl drops them.
 * Parses are shared by path and content (the cluster and the pipeline both read each manifest, and most files
 * are unchanged from one step to the next): a parsed file is read, never changed.
 */
export function parseManifestFile(p: string, content: string): ManifestFile {
  return cachedManifest(`${p}\n${content}`);
}

const cachedManifest = memoByContent((key) => {
  const cut = key.indexOf("\n");
  return parseManifest(key.slice(0, cut), key.slice(cut + 1));
});

function parseManifest(p: string, content: string): ManifestFile {
  const lineCounter = new LineCounter();
  const at = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    return { line: Math.max(1, pos.line), column: Math.max(1, pos.col) };
  };
  // A single document above the API server's limit is refused before anything reads it: no need to parse it.
  if (content.length > MAX_REQUEST_BYTES && !/^---/m.test(content.slice(4))) {
    const message = `Error from server (RequestEntityTooLarge): error when creating "${p}": Request entity too large: limit is ${MAX_REQUEST_BYTES}`;
    return { path: p, lineCounter, documents: [{ index: 0, line: 1, doc: null, value: undefined, problem: { line: 1, column: 1, detail: "request entity too large", message } }] };
  }
  let parsed: Document.Parsed[];
  try {
    const result = parseAllDocuments(content, { lineCounter, prettyErrors: false, uniqueKeys: false });
    parsed = Array.isArray(result) ? result : [];
  } catch {
    // Only pathological input (nesting deeper than the stack) gets here.
    return { path: p, lineCounter, documents: [{ index: 0, line: 1, doc: null, value: undefined, problem: { line: 1, column: 1, detail: MAX_DEPTH } }] };
  }
  const documents: ManifestDocument[] = [];
  parsed.forEach((doc, index) => {
    const start = doc.contents?.range?.[0] ?? doc.range[0];
    const line = at(start).line;
    const error = doc.errors[0];
    if (error) {
      documents.push({ index, line, doc, value: undefined, problem: { ...at(error.pos[0]), detail: goYamlDetail(error) } });
      return;
    }
    if (doc.contents === null) return;
    const duplicate = firstDuplicateKey(doc);
    if (duplicate) {
      documents.push({ index, line, doc, value: undefined, problem: { ...at(duplicate.offset), detail: `key ${JSON.stringify(duplicate.key)} already set in map` } });
      return;
    }
    try {
      const value: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
      if (value === null || value === undefined) return;
      documents.push({ index, line, doc, value });
    } catch (e) {
      const detail = e instanceof RangeError ? MAX_DEPTH : "document contains excessive aliasing";
      documents.push({ index, line, doc, value: undefined, problem: { line, column: 1, detail } });
    }
  });
  return { path: p, lineCounter, documents };
}

/**
 * The first key repeated within one mapping. The `yaml` package's own check is quadratic in the size of a
 * mapping (minutes on a 5 MB ConfigMap), so this one keeps a set per mapping and walks without recursion.
 */
function firstDuplicateKey(doc: Document.Parsed): { key: string; offset: number } | null {
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : null;
        if (key !== null) {
          if (seen.has(key)) return { key, offset: isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0 };
          seen.add(key);
        }
        stack.push(pair.value);
      }
    } else if (isSeq(node)) {
      stack.push(...node.items);
    } else if (isPair(node)) {
      stack.push(node.value);
    }
  }
  return null;
}
