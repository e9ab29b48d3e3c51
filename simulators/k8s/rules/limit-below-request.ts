/** K8S013: a container requests more memory or CPU than its limit; the API server refuses the object. */
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { formatPath, valueAt } from "../object.js";
import { parseQuantity } from "../quantity.js";
import { runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD } from "./fixtures.js";

export const limitBelowRequest = k8sRule({
  code: "K8S013",
  name: "limit-below-request",
  summary: "A container's memory or CPU request is above its limit",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  applies: objectsWhere(runsPods),
  on: {
    "object-validated"(e, ctx) {
      const o = e.object;
      for (const c of e.containers) {
        for (const resource of ["memory", "cpu"]) {
          const request = valueAt(c.container, ["resources", "requests", resource]);
          const limit = valueAt(c.container, ["resources", "limits", resource]);
          const r = parseQuantity(request);
          const l = parseQuantity(limit);
          if (r === undefined || l === undefined || r <= l) continue;
          const path = [...c.path, "resources", "requests"];
          ctx.report(at(o, [...path, resource]), isInvalid(o, `${formatPath(path)}: Invalid value: "${String(request)}": must be less than or equal to ${resource} limit of ${String(limit)}`));
        }
      }
    },
  },
  cases: {
    valid: [{ files: APP_FILES, world: WORLD }],
    invalid: [
      {
        name: "request raised above the limit",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("memory: 128Mi", "memory: 512Mi") },
        file: "k8s/deployment.yaml",
        line: 34,
        message: 'spec.template.spec.containers[0].resources.requests: Invalid value: "512Mi": must be less than or equal to memory limit of 256Mi',
      },
      { name: "cpu", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("              memory: 256Mi", "              memory: 256Mi\n              cpu: 50m") }, message: "must be less than or equal to cpu limit of 50m" },
    ],
  },
});
