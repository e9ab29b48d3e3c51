/** K8S009: a field outside its fixed set of values (`imagePullPolicy: always`, `type: Loadbalancer`). */
import { validatorFor } from "../api-catalogue.js";
import { decode } from "../decode.js";
import { isInvalid } from "../messages.js";
import { formatPath } from "../object.js";
import { defineRule } from "../rule.js";
import { DEPLOYMENT, SERVICE } from "./fixtures.js";

export const unsupportedValue = defineRule({
  code: "K8S009",
  name: "unsupported-value",
  summary: "A field has a value outside its fixed set (imagePullPolicy, Service type, protocol, restartPolicy)",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  appliesTo: (o) => validatorFor(o.apiVersion, o.kind) !== undefined,
  check(ctx) {
    for (const o of ctx.objects) {
      for (const u of decode(o).unsupported) {
        const supported = u.allowed.map((v) => JSON.stringify(v)).join(", ");
        ctx.report(o, u.path, isInvalid(o, `${formatPath(u.path)}: Unsupported value: ${JSON.stringify(u.value)}: supported values: ${supported}`));
      }
    }
  },
  cases: {
    valid: [{ files: { "k8s/deployment.yaml": DEPLOYMENT.replace("          ports:", "          imagePullPolicy: IfNotPresent\n          ports:") } }],
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
