/** K8S003: an object without metadata.name; kubectl apply needs the name to find the live object. */
import { at, k8sRule, objectsWhere } from "../events.js";
import { stringAt } from "../object.js";
import { CONFIG } from "./fixtures.js";

export const missingName = k8sRule({
  code: "K8S003",
  name: "missing-name",
  summary: "An object has no metadata.name (kubectl apply cannot use generateName)",
  stage: "deploy",
  severity: "error",
  phase: "identify",
  applies: objectsWhere((o) => o.apiVersion !== "" && o.kind !== "" && !o.kind.endsWith("List")),
  on: {
    "object-read"(e, ctx) {
      if (e.name !== "") return;
      const generate = stringAt(e.value, ["metadata", "generateName"]) !== undefined;
      const detail = generate ? "cannot use generate name with apply" : "resource name may not be empty";
      const log = `error: error when retrieving current configuration of:\nResource: "${e.apiVersion}, Kind=${e.kind}"\nName: "", Namespace: "${e.namespace}"\nfrom server for: "${e.file}": ${detail}`;
      ctx.report(at(e.object, ["metadata"]), log.replace(/\n/g, " "), { log });
    },
  },
  cases: {
    valid: [{ files: { "k8s/config.yaml": CONFIG } }],
    invalid: [
      { name: "no name", files: { "k8s/config.yaml": CONFIG.replace("  name: web-config\n", "  labels:\n    app: web\n") }, file: "k8s/config.yaml", line: 3, message: "resource name may not be empty" },
      { name: "generateName", files: { "k8s/config.yaml": CONFIG.replace("  name: web-config", "  generateName: web-config-") }, message: "cannot use generate name with apply" },
    ],
  },
});
