/**
 * K8S007: a resource quantity that does not parse; the API server cannot decode the object. A unit outside
 * the quantity's form (`512MB`, `1 Gi`) breaks its regular expression; suffix characters that name no unit
 * (`64mi`, `32MMi`) are a suffix it cannot parse.
 */
import { validatorFor } from "../api-catalogue.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { cannotBeHandled } from "../messages.js";
import { valueAt } from "../object.js";
import { quantityProblem } from "../quantity.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

const QUANTITY_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const SUFFIX_ERROR = "unable to parse quantity's suffix";

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
      for (const path of e.badQuantities) {
        const value = valueAt(e.object.value, path);
        const problem = typeof value === "string" ? quantityProblem(value) : "format";
        ctx.report(at(e.object, path), cannotBeHandled(e.object, problem === "suffix" ? SUFFIX_ERROR : QUANTITY_ERROR));
      }
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
      { name: "a space before the unit", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("memory: 128Mi", "memory: 128 Mi") }, line: 34, message: "quantities must match the regular expression" },
      { name: "a unit in lower case", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("memory: 256Mi", "memory: 256mi") }, line: 37, message: "cannot be handled as a Deployment: unable to parse quantity's suffix" },
      { name: "a doubled unit letter", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("memory: 128Mi", "memory: 128MMi") }, line: 34, message: "unable to parse quantity's suffix" },
    ],
  },
});
