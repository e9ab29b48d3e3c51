/** K8S002: a document without apiVersion or kind; kubectl refuses it before sending anything. */
import { at, k8sRule, objectsWhere } from "../events.js";
import { CONFIG } from "./fixtures.js";

export const missingTypeMeta = k8sRule({
  code: "K8S002",
  name: "missing-type-meta",
  summary: "An object has no apiVersion or no kind, so kubectl cannot tell what it is",
  stage: "deploy",
  severity: "error",
  phase: "identify",
  applies: objectsWhere(() => true),
  on: {
    "object-read"(e, ctx) {
      const missing = [e.apiVersion === "" && "apiVersion not set", e.kind === "" && "kind not set"].filter(Boolean);
      if (missing.length === 0) return;
      ctx.report(at(e.object, []), `error: error validating "${e.file}": error validating data: [${missing.join(", ")}]; if you choose to ignore these errors, turn validation off with --validate=false`);
    },
  },
  cases: {
    valid: [{ files: { "k8s/config.yaml": CONFIG } }],
    invalid: [
      {
        name: "neither apiVersion nor kind",
        files: { "k8s/config.yaml": "metadata:\n  name: web-config\ndata:\n  A: b\n" },
        file: "k8s/config.yaml",
        line: 1,
        message: "error validating data: [apiVersion not set, kind not set]",
      },
      { name: "no kind", files: { "k8s/config.yaml": CONFIG.replace("kind: ConfigMap\n", "") }, message: "[kind not set]" },
      { name: "misspelt apiVersion key", files: { "k8s/config.yaml": CONFIG.replace("apiVersion: v1\nkind: Secret", "apiversion: v1\nkind: Secret") }, line: 8, message: "[apiVersion not set]" },
    ],
  },
});
