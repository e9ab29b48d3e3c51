/**
 * K8S006: a field the schema does not have (`imagePullPolicyy`, a mis-indented key). Since kubectl 1.25
 * field validation is strict by default, so the API server refuses the object instead of dropping the field.
 */
import { validatorFor } from "../api-catalogue.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { cannotBeHandled } from "../messages.js";
import { formatPath } from "../object.js";
import { APP_FILES, DEPLOYMENT, WORLD } from "./fixtures.js";

export const unknownField = k8sRule({
  code: "K8S006",
  name: "unknown-field",
  summary: "A field is not in the object's schema (a typo or wrong indentation): strict field validation refuses it",
  stage: "deploy",
  severity: "error",
  phase: "decode",
  applies: objectsWhere((o) => validatorFor(o.apiVersion, o.kind) !== undefined),
  on: {
    "object-decoded"(e, ctx) {
      for (const path of e.unknownFields) {
        ctx.report(at(e.object, path, { key: true }), cannotBeHandled(e.object, `strict decoding error: unknown field "${formatPath(path)}"`));
      }
    },
  },
  cases: {
    valid: [{ files: APP_FILES, world: WORLD }],
    invalid: [
      {
        name: "misspelt container field",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("          ports:", "          imagePullPolicyy: Always\n          ports:") },
        file: "k8s/deployment.yaml",
        line: 20,
        message: 'strict decoding error: unknown field "spec.template.spec.containers[0].imagePullPolicyy"',
      },
      {
        name: "misspelt replicas",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("  replicas: 2", "  replica: 2") },
        line: 8,
        message: 'unknown field "spec.replica"',
      },
    ],
  },
});
