/**
 * A workflow file's YAML document for the generator's readings of it (the workflow injectors' line map, the
 * pipeline injectors' steps): the simulators' own parse, kept by content, so a workflow is parsed once for the
 * injectors and for the run that judges their scenario. Only a document that reads cleanly is given: no error,
 * a mapping at its root and, where asked, no key twice in one mapping (what `yaml`'s default reading rejects):
 * a file another fault already broke is not a place for a second one.
 */
import { isMap, isScalar, visit } from "yaml";
import type { Document, Node, YAMLMap } from "yaml";
import { readWorkflowSource } from "../../../simulators/workflow/source.js";

export type WorkflowDocument = Document.Parsed & { contents: YAMLMap };

/** The clean document of `content` read as workflow `file`, else null. */
export function cleanWorkflowDocument(file: string, content: string, options: { uniqueKeys: boolean }): WorkflowDocument | null {
  const source = readWorkflowSource(file, content);
  const doc = source.doc;
  if (doc === null || source.problems.length > 0 || !isMap(doc.contents)) return null;
  if (options.uniqueKeys && repeatsAKey(doc)) return null;
  return doc as WorkflowDocument;
}

/** Whether a mapping of `doc` has a key twice, as `yaml` compares keys: the same node or equal scalar values. */
function repeatsAKey(doc: Document.Parsed): boolean {
  let repeated = false;
  visit(doc, {
    Map(_, map) {
      const keys = map.items.map((pair) => pair.key as Node | null);
      for (let i = 1; i < keys.length && !repeated; i++) {
        const key = keys[i];
        repeated = keys.slice(0, i).some((other) => other === key || (isScalar(other) && isScalar(key) && other.value === key.value));
      }
      return repeated ? visit.BREAK : undefined;
    },
  });
  return repeated;
}
