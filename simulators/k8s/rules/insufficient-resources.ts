/** K8S020: a pod requests more memory or CPU than the node can offer; it stays Pending. */
import { at, k8sRule, objectsWhere } from "../events.js";
import { describePod } from "../messages.js";
import type { FieldPath } from "../object.js";
import type { Request } from "../resources.js";
import { runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

export const insufficientResources = k8sRule({
  code: "K8S020",
  name: "insufficient-resources",
  summary: "A pod requests more memory or CPU than the node has: it stays Pending (FailedScheduling)",
  stage: "runtime",
  severity: "error",
  phase: "schedule",
  needs: ["world"],
  applies: objectsWhere(runsPods),
  on: {
    "pods-scheduled"(e, ctx) {
      const o = e.object;
      const short: string[] = [];
      let fault: FieldPath | undefined;
      for (const resource of ["cpu", "memory"] as const) {
        let total = 0;
        let biggest: Request | undefined;
        for (const { requests } of e.containers) {
          const r = requests[resource];
          if (!r) continue;
          total += r.value;
          if (!biggest || r.value > biggest.value) biggest = r;
        }
        if (total > e.node[resource]) {
          short.push(`1 Insufficient ${resource}`);
          fault ??= biggest?.path;
        }
      }
      if (short.length === 0 || !fault) return;
      const message = `0/1 nodes are available: ${short.join(", ")}. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.`;
      const c = e.containers[0]?.container;
      const log = c && describePod(o, c, ["State:          Waiting", "Ready:          False"], [{ type: "Warning", reason: "FailedScheduling", from: "default-scheduler", message }]);
      ctx.report(at(o, fault), message, { ...(log ? { log } : {}), detail: { pod: "Pending" } });
    },
  },
  cases: {
    valid: [{ files: APP_FILES, world: WORLD }],
    invalid: [
      {
        name: "memory limit above the node (request defaults to it)",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("            requests:\n              memory: 128Mi\n              cpu: 100m\n", "").replace("memory: 256Mi", "memory: 8Gi")),
        world: WORLD,
        file: "k8s/deployment.yaml",
        line: 34,
        message: "0/1 nodes are available: 1 Insufficient memory. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
      },
      { name: "too much cpu", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("cpu: 100m", "cpu: 4")), world: WORLD, line: 35, message: "1 Insufficient cpu." },
    ],
  },
});
