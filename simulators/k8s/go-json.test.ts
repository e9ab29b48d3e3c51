/** Go's JSON scanner as kubectl meets it, and the shared parse of a List's items with their positions. */
import { describe, expect, it } from "vitest";
import { parseManifestFile } from "./documents.js";
import { goJsonError } from "./go-json.js";

describe("Go's JSON errors", () => {
  it("words JSON errors as Go's scanner does", () => {
    const cases: [string, string][] = [
      ['{"a": 1,}', "invalid character '}' looking for beginning of object key string"],
      ['{"a" 1}', "invalid character '1' after object key"],
      ['{"a": [1 2]}', "invalid character '2' after array element"],
      ['{"a": tru}', "invalid character '}' in literal true (expecting 'e')"],
      ['{"a": -x}', "invalid character 'x' in numeric literal"],
      ['{"a": "\\q"}', "invalid character 'q' in string escape code"],
      ['{"a": 1', "unexpected EOF"],
      ['{"a": {"b": [true, null, 1.5e3, "x"]}}', ""],
    ];
    for (const [text, message] of cases) expect(goJsonError(text, 0)?.message ?? "", text).toBe(message);
  });
});

describe("a List's items", () => {
  const LIST = "apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: a\n  - apiVersion: v1\n    kind: Secret\n    metadata:\n      name: b\n";

  it("keeps each item's position in a parse shared by every reader", () => {
    const file = parseManifestFile("k8s/all.yaml", LIST);
    expect(file.documents).toHaveLength(1);
    expect(file.documents[0]!.items?.map((i) => file.lineCounter.linePos(i.node!.range![0]).line)).toEqual([4, 8]);
    expect(file.documents[0]!.items?.map((i) => i.value["kind"])).toEqual(["ConfigMap", "Secret"]);
  });
});
