/** K8S009: a field outside its fixed set of values (`imagePullPolicy: always`, `type: Loadbalancer`). */
import { validatorFor } from "../api-catalogue.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { formatPath } from "../object.js";
import { DEPLOYMENT, SERVICE, WORLD, withFile } from "./fixtures.js";

const JOB = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  podFailurePolicy:\n    rules:\n      - action: FailJob\n        onExitCodes:\n          containerName: migrate\n          operator: In\n          values: [42]\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n        - name: migrate\n          image: ghcr.io/acme/web:1.0\n";

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
      { name: "a pod failure action Jobs do not have", files: { "k8s/job.yaml": JOB.replace("action: FailJob", "action: Fail") }, line: 8, message: 'spec.podFailurePolicy.rules[0].action: Unsupported value: "Fail": supported values: "Count", "FailIndex", "FailJob", "Ignore"' },
      { name: "an exit code operator Jobs do not have", files: { "k8s/job.yaml": JOB.replace("operator: In", "operator: Equals") }, line: 11, message: 'spec.podFailurePolicy.rules[0].onExitCodes.operator: Unsupported value: "Equals": supported values: "In", "NotIn"' },
      // The API server stops at the unknown field; linting shows the invalid value beside it.
      { name: "beside an unknown field, when linting", lint: true, files: { "k8s/service.yaml": SERVICE.replace("spec:\n", "spec:\n  type: Loadbalancer\n").replace("      port: 80\n", "      port: 80\n      protocl: TCP\n") }, line: 6, message: 'spec.type: Unsupported value: "Loadbalancer"' },
    ],
  },
});
