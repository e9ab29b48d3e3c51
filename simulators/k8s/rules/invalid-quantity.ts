/** K8S007: a resource quantity that does not parse (`512MB`, `1 Gi`); the API server cannot decode the object. */
import { validatorFor } from "../api-catalogue.js";
import { decode } from "../decode.js";
import { cannotBeHandled } from "../messages.js";
import { formatPath, objectAt, type FieldPath } from "../object.js";
import { parseQuantity } from "../quantity.js";
import { defineRule } from "../rule.js";
import { containersOf } from "../workload.js";
import { DEPLOYMENT } from "./fixtures.js";

export const QUANTITY_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

export const invalidQuantity = defineRule({
  code: "K8S007",
  name: "invalid-quantity",
  summary: "A CPU, memory or storage quantity does not parse (512MB, 1 Gi, 0.5cores)",
  stage: "deploy",
  severity: "error",
  phase: "decode",
  appliesTo: (o) => validatorFor(o.apiVersion, o.kind) !== undefined,
  check(ctx) {
    for (const o of ctx.objects) {
      const bad: FieldPath[] = decode(o).badQuantities.map((q) => q.path);
      // The schema's quantity format also admits SI prefixes Kubernetes does not (h, da, Y ...): check containers' own.
      for (const c of containersOf(o)) {
        for (const kind of ["limits", "requests"]) {
          for (const [name, q] of Object.entries(objectAt(c.container, ["resources", kind]) ?? {})) {
            const path = [...c.path, "resources", kind, name];
            if (typeof q === "string" && parseQuantity(q) === undefined && !bad.some((b) => formatPath(b) === formatPath(path))) bad.push(path);
          }
        }
      }
      for (const path of bad) ctx.report(o, path, cannotBeHandled(o, QUANTITY_ERROR));
    }
  },
  cases: {
    valid: [
      { files: { "k8s/deployment.yaml": DEPLOYMENT } },
      { name: "plain numbers and decimal suffixes", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("memory: 256Mi", "memory: 256M").replace("cpu: 100m", "cpu: 0.5") } },
    ],
    invalid: [
      { name: "MB is not a suffix", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("memory: 256Mi", "memory: 256MB") }, file: "k8s/deployment.yaml", line: 37, message: "cannot be handled as a Deployment: quantities must match the regular expression" },
      { name: "an SI prefix Kubernetes does not know", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("cpu: 100m", "cpu: 1h") }, line: 35 },
      { name: "a space before the unit", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("memory: 128Mi", "memory: 128 Mi") }, line: 34 },
    ],
  },
});
