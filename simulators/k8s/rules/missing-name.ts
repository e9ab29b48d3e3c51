/**
 * K8S003: an object with neither metadata.name nor metadata.generateName; kubectl apply needs the name to find
 * the live object, and the API server has nothing to name it by. generateName alone is K8S014's.
 */
import { isBuiltInGroup, isListKind } from "../api-catalogue.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { stringAt } from "../object.js";
import { CONFIG } from "./fixtures.js";

export const missingName = k8sRule({
  code: "K8S003",
  name: "missing-name",
  summary: "An object has neither metadata.name nor metadata.generateName",
  stage: "deploy",
  severity: "error",
  phase: "identify",
  applies: objectsWhere((o) => o.apiVersion !== "" && o.kind !== "" && !(isListKind(o.kind) && isBuiltInGroup(o.apiVersion))),
  on: {
    "object-read"(e, ctx) {
      if ((stringAt(e.value, ["metadata", "name"]) ?? "") !== "" || (stringAt(e.value, ["metadata", "generateName"]) ?? "") !== "") return;
      const log = `error: error when retrieving current configuration of:\nResource: "${e.apiVersion}, Kind=${e.kind}"\nName: "", Namespace: "${e.namespace}"\nfrom server for: "${e.file}": resource name may not be empty`;
      ctx.report(at(e.object, ["metadata"]), log.replace(/\n/g, " "), { log });
    },
  },
  cases: {
    valid: [{ files: { "k8s/config.yaml": CONFIG } }, { name: "generateName", files: { "k8s/config.yaml": CONFIG.replace("  name: web-config", "  generateName: web-config-") } }],
    invalid: [
      { name: "no name", files: { "k8s/config.yaml": CONFIG.replace("  name: web-config\n", "  labels:\n    app: web\n") }, file: "k8s/config.yaml", line: 3, message: "resource name may not be empty" },
      { name: "an empty name", files: { "k8s/config.yaml": CONFIG.replace("  name: web-config", '  name: ""') }, line: 3, message: 'Name: "", Namespace: "default"' },
    ],
  },
});
