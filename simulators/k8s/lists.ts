/**
 * How kubectl reads a List (`kind: List`, `DeploymentList`, what `kubectl get -o yaml` prints): apimachinery's
 * unstructured decoder treats any document with an `items` field as a list, and kubectl applies each item as an
 * object of its own. An item with neither apiVersion nor kind takes the list's apiVersion and the list's kind
 * without its `List` suffix. Lists are flattened one level, as kubectl's FlattenListVisitor does: a List inside a
 * List is an object of kind List, which no API server serves.
 */
import { isMap, isScalar, isSeq, type Node } from "yaml";
import { jsonTypeOf } from "./go-types.js";
import { isObject, type JsonObject } from "./object.js";

/** One object of a List, with its node in the file. */
export interface ListItem {
  value: JsonObject;
  node: Node | null;
}

/** Why kubectl cannot decode a List, and the offset in the file of the node at fault. */
export interface ListProblem {
  offset: number | undefined;
  message: string;
}

function field(node: Node | null, key: string): Node | null {
  if (!isMap(node)) return null;
  const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
  return (pair?.value ?? null) as Node | null;
}

/**
 * The items of a document kubectl reads as a List; null for a document without `items` (an object).
 * @example readList({ apiVersion: "v1", kind: "List", items: [] }, null, "k8s/all.yaml") // { items: [] }
 */
export function readList(value: JsonObject, node: Node | null, file: string): { items: ListItem[] } | { problem: ListProblem } | null {
  if (!("items" in value)) return null;
  const items = value["items"];
  if (items === null) return { items: [] };
  const itemsNode = field(node, "items");
  if (!Array.isArray(items)) {
    const message = `error: unable to decode "${file}": json: cannot unmarshal ${jsonTypeOf(items)} into Go struct field decodeList.items of type []json.RawMessage`;
    return { problem: { offset: itemsNode?.range?.[0], message } };
  }
  const apiVersion = typeof value["apiVersion"] === "string" ? value["apiVersion"] : "";
  const listKind = typeof value["kind"] === "string" ? value["kind"] : "";
  const itemKind = listKind.endsWith("List") ? listKind.slice(0, -"List".length) : listKind;
  const out: ListItem[] = [];
  for (const [i, item] of items.entries()) {
    const itemNode = isSeq(itemsNode) ? ((itemsNode.items[i] ?? null) as Node | null) : null;
    if (!isObject(item)) {
      const message = `error: unable to decode "${file}": json: cannot unmarshal ${jsonTypeOf(item)} into Go value of type map[string]interface {}`;
      return { problem: { offset: itemNode?.range?.[0], message } };
    }
    const typed = typeof item["apiVersion"] === "string" && item["apiVersion"] !== "";
    const kinded = typeof item["kind"] === "string" && item["kind"] !== "";
    out.push({ value: typed || kinded ? item : { ...item, apiVersion, kind: itemKind }, node: itemNode });
  }
  return { items: out };
}
