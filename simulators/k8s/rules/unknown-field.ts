/**
 * K8S006: a field the schema does not have (`imagePullPolicyy`, a mis-indented key). Since kubectl 1.25
 * field validation is strict by default, so the API server refuses the object instead of dropping the field.
 */
import { validatorFor } from "../api-catalogue.js";
import { decode } from "../decode.js";
import { cannotBeHandled } from "../messages.js";
import { formatPath } from "../object.js";
import { defineRule } from "../rule.js";
import { DEPLOYMENT } from "./fixtures.js";

export const unknownField = defineRule({
  code: "K8S006",
  name: "unknown-field",
  summary: "A field is not in the object's schema (a typo or wrong indentation): strict field validation refuses it",
  stage: "deploy",
  severity: "error",
  phase: "decode",
  appliesTo: (o) => validatorFor(o.apiVersion, o.kind) !== undefined,
  check(ctx) {
    for (const o of ctx.objects) {
      for (const path of decode(o).unknownFields) {
        ctx.report(o, path, cannotBeHandled(o, `strict decoding error: unknown field "${formatPath(path)}"`), { key: true });
      }
    }
  },
  cases: {
    valid: [{ files: { "k8s/deployment.yaml": DEPLOYMENT } }],
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
