/** K8S003: an object without metadata.name; kubectl apply needs the name to find the live object. */
import { defineRule } from "../rule.js";
import { CONFIG } from "./fixtures.js";

export const missingName = defineRule({
  code: "K8S003",
  name: "missing-name",
  summary: "An object has no metadata.name (kubectl apply cannot use generateName)",
  stage: "deploy",
  severity: "error",
  phase: "identify",
  appliesTo: (o) => o.apiVersion !== "" && o.kind !== "" && !o.kind.endsWith("List"),
  check(ctx) {
    for (const o of ctx.objects) {
      if (o.name !== "") continue;
      const generate = typeof (o.value["metadata"] as Record<string, unknown> | undefined)?.["generateName"] === "string";
      const detail = generate ? "cannot use generate name with apply" : "resource name may not be empty";
      ctx.report(o, ["metadata"], `error: error when retrieving current configuration of:\nResource: "${o.apiVersion}, Kind=${o.kind}"\nName: "", Namespace: "${o.namespace}"\nfrom server for: "${o.file}": ${detail}`);
    }
  },
  cases: {
    valid: [{ files: { "k8s/config.yaml": CONFIG } }],
    invalid: [
      { name: "no name", files: { "k8s/config.yaml": CONFIG.replace("  name: web-config\n", "  labels:\n    app: web\n") }, file: "k8s/config.yaml", line: 3, message: "resource name may not be empty" },
      { name: "generateName", files: { "k8s/config.yaml": CONFIG.replace("  name: web-config", "  generateName: web-config-") }, message: "cannot use generate name with apply" },
    ],
  },
});
