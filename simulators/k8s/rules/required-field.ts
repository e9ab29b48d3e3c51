/** K8S008: a required field is missing (`spec.selector`, a container's `name` or `image`). */
import { validatorFor } from "../api-catalogue.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { formatPath } from "../object.js";
import { APP_FILES, DEPLOYMENT, WORLD } from "./fixtures.js";

export const requiredField = k8sRule({
  code: "K8S008",
  name: "required-field",
  summary: "A required field is missing (a Deployment's selector, a container's name or image)",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  applies: objectsWhere((o) => validatorFor(o.apiVersion, o.kind) !== undefined),
  on: {
    "object-validated"(e, ctx) {
      for (const path of e.missingRequired) ctx.report(at(e.object, path.slice(0, -1)), isInvalid(e.object, `${formatPath(path)}: Required value`));
    },
  },
  cases: {
    valid: [{ files: APP_FILES, world: WORLD }],
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
