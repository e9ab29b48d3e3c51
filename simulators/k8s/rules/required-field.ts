/** K8S008: a required field is missing (`spec.selector`, a container's `name` or `image`). */
import { validatorFor } from "../api-catalogue.js";
import { decode } from "../decode.js";
import { isInvalid } from "../messages.js";
import { formatPath, type FieldPath } from "../object.js";
import { defineRule } from "../rule.js";
import { containersOf } from "../workload.js";
import { DEPLOYMENT } from "./fixtures.js";

export const requiredField = defineRule({
  code: "K8S008",
  name: "required-field",
  summary: "A required field is missing (a Deployment's selector, a container's name or image)",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  appliesTo: (o) => validatorFor(o.apiVersion, o.kind) !== undefined,
  check(ctx) {
    for (const o of ctx.objects) {
      const missing: FieldPath[] = [...decode(o).missingRequired];
      // The OpenAPI schema leaves image optional (for pod templates of controllers that inject it); pods need one.
      for (const c of containersOf(o)) if (c.container["image"] === undefined) missing.push([...c.path, "image"]);
      for (const path of missing) {
        ctx.report(o, path.slice(0, -1), isInvalid(o, `${formatPath(path)}: Required value`));
      }
    }
  },
  cases: {
    valid: [{ files: { "k8s/deployment.yaml": DEPLOYMENT } }],
    invalid: [
      {
        name: "no selector",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("  selector:\n    matchLabels:\n      app: web\n", "") },
        file: "k8s/deployment.yaml",
        line: 7,
        message: 'The Deployment "web" is invalid: spec.selector: Required value',
      },
      { name: "no image", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("          image: ghcr.io/acme/web:1.0\n", "") }, line: 18, message: "spec.template.spec.containers[0].image: Required value" },
    ],
  },
});
