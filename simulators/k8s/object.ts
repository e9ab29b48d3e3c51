/**
 * A Kubernetes object read from a manifest: its identity (kind, name, namespace), its data, and where it
 * sits in its file, so every finding can point at the line of the field at fault.
 */
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from "yaml";

/** A path into an object, as kubectl and the API server name fields: `spec.template.spec.containers[0].image`. */
export type FieldPath = readonly (string | number)[];

export type JsonObject = Record<string, unknown>;

export interface K8sObject {
  file: string;
  /** Index of the document within its file. */
  index: number;
  /** Index among the items of the List document it came from; undefined for a document of its own. */
  item?: number;
  doc: Document.Parsed;
  /** The object's own node: the document's contents, or its item of a List. */
  node: Node | null;
  lineCounter: LineCounter;
  value: JsonObject;
  apiVersion: string;
  kind: string;
  name: string;
  namespace: string;
}

/** `Deployment/web`, the way kubectl names objects in messages. */
export function objectRef(o: K8sObject): string {
  return `${o.kind}/${o.name}`;
}

/** The dotted form the API server uses in field errors: `spec.containers[0].name`. */
export function formatPath(path: FieldPath): string {
  let out = "";
  for (const seg of path) out += typeof seg === "number" ? `[${seg}]` : out === "" ? seg : `.${seg}`;
  return out;
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The value at `path`, or undefined. */
export function valueAt(root: unknown, path: FieldPath): unknown {
  let v = root;
  for (const seg of path) {
    if (typeof seg === "number") v = Array.isArray(v) ? v[seg] : undefined;
    else v = isObject(v) ? v[seg] : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

export function objectAt(root: unknown, path: FieldPath): JsonObject | undefined {
  const v = valueAt(root, path);
  return isObject(v) ? v : undefined;
}

export function arrayAt(root: unknown, path: FieldPath): unknown[] {
  const v = valueAt(root, path);
  return Array.isArray(v) ? v : [];
}

export function stringAt(root: unknown, path: FieldPath): string | undefined {
  const v = valueAt(root, path);
  return typeof v === "string" ? v : undefined;
}

/** String-valued map such as labels or a selector's matchLabels; other entries are ignored. */
export function labelsAt(root: unknown, path: FieldPath): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(objectAt(root, path) ?? {})) if (typeof v === "string") out[k] = v;
  return out;
}

/**
 * 1-based line and column of the field at `path` (of its key with `key: true`). A path that does not exist
 * is located at its deepest existing ancestor, which is where a user would add the missing field.
 */
export function locate(o: K8sObject, path: FieldPath, opts: { key?: boolean } = {}): { line: number; column: number } {
  let node: Node | null = o.node;
  let offset = node?.range?.[0] ?? o.doc.range[0];
  for (const [i, seg] of path.entries()) {
    const last = i === path.length - 1;
    if (isMap(node) && typeof seg === "string") {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === seg);
      if (!pair) break;
      const keyNode = pair.key as Node;
      const valueNode = pair.value as Node | null;
      // A scalar is reported where its value is; a block collection where its key is, the line a user reads.
      const atValue = isScalar(valueNode) && valueNode.range && !(opts.key && last);
      offset = atValue ? valueNode.range![0] : (keyNode.range?.[0] ?? offset);
      node = valueNode;
    } else if (isSeq(node) && typeof seg === "number") {
      const item = node.items[seg] as Node | undefined;
      if (!item?.range) break;
      offset = item.range[0];
      node = item;
    } else break;
  }
  const pos = o.lineCounter.linePos(offset);
  return { line: Math.max(1, pos.line), column: Math.max(1, pos.col) };
}
