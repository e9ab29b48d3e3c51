/** K8S007: a resource quantity that does not parse (`512MB`, `1 Gi`); the API server cannot decode the object. */
import { validatorFor } from "../api-catalogue.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { cannotBeHandled } from "../messages.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

const QUANTITY_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

export const invalidQuantity = k8sRule({
  code: "K8S007",
  name: "invalid-quantity",
  summary: "A CPU, memory or storage quantity does not parse (512MB, 1 Gi, 0.5cores)",
  stage: "deploy",
  severity: "error",
  phase: "decode",
  applies: objectsWhere((o) => validatorFor(o.apiVersion, o.kind) !== undefined),
  on: {
    "object-decoded"(e, ctx) {
      for (const path of e.badQuantities) ctx.report(at(e.object, path), cannotBeHandled(e.object, QUANTITY_ERROR));
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "plain numbers and decimal suffixes", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("memory: 256Mi", "memory: 256M").replace("cpu: 100m", "cpu: 0.5")), world: WORLD },
    ],
    invalid: [
      { name: "MB is not a suffix", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("memory: 256Mi", "memory: 256MB") }, file: "k8s/deployment.yaml", line: 37, message: "cannot be handled as a Deployment: quantities must match the regular expression" },
      { name: "an SI prefix Kubernetes does not know", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("cpu: 100m", "cpu: 1h") }, line: 35 },
      { name: "a space before the unit", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("memory: 128Mi", "memory: 128 Mi") }, line: 34 },
    ],
  },
});
