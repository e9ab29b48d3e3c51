/** K8S009: a field outside its fixed set of values (`imagePullPolicy: always`, `type: Loadbalancer`). */
import { validatorFor } from "../api-catalogue.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { formatPath } from "../object.js";
import { DEPLOYMENT, SERVICE, WORLD, withFile } from "./fixtures.js";

export const unsupportedValue = k8sRule({
  code: "K8S009",
  name: "unsupported-value",
  summary: "A field has a value outside its fixed set (imagePullPolicy, Service type, protocol, restartPolicy)",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  applies: objectsWhere((o) => validatorFor(o.apiVersion, o.kind) !== undefined),
  on: {
    "object-validated"(e, ctx) {
      for (const u of e.unsupported) {
        const supported = u.allowed.map((v) => JSON.stringify(v)).join(", ");
        ctx.report(at(e.object, u.path), isInvalid(e.object, `${formatPath(u.path)}: Unsupported value: ${JSON.stringify(u.value)}: supported values: ${supported}`));
      }
    },
  },
  cases: {
    valid: [{ files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          ports:", "          imagePullPolicy: IfNotPresent\n          ports:")), world: WORLD }],
    invalid: [
      {
        name: "lower-case pull policy",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("          ports:", "          imagePullPolicy: always\n          ports:") },
        file: "k8s/deployment.yaml",
        line: 20,
        message: 'spec.template.spec.containers[0].imagePullPolicy: Unsupported value: "always": supported values: "Always", "IfNotPresent", "Never"',
      },
      { name: "Service type typo", files: { "k8s/service.yaml": SERVICE.replace("spec:\n", "spec:\n  type: Loadbalancer\n") }, line: 6, message: 'spec.type: Unsupported value: "Loadbalancer"' },
    ],
  },
});
