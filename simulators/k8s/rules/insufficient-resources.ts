/** K8S020: a pod requests more memory or CPU than the node can offer; it stays Pending. */
import { describePod } from "../messages.js";
import { valueAt, type FieldPath } from "../object.js";
import { MIB, parseQuantity } from "../quantity.js";
import { defineRule } from "../rule.js";
import { containersOf, podCount, runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

/** What the scheduler counts: requests, or the limit when only a limit is set (the API server copies it). */
function request(container: Record<string, unknown>, resource: string): { value: number; path: FieldPath } | undefined {
  for (const kind of ["requests", "limits"]) {
    const v = parseQuantity(valueAt(container, ["resources", kind, resource]));
    if (v !== undefined) return { value: v, path: ["resources", kind, resource] };
  }
  return undefined;
}

export const insufficientResources = defineRule({
  code: "K8S020",
  name: "insufficient-resources",
  summary: "A pod requests more memory or CPU than the node has: it stays Pending (FailedScheduling)",
  stage: "runtime",
  severity: "error",
  phase: "schedule",
  needsWorld: true,
  appliesTo: runsPods,
  check(ctx) {
    const node = ctx.world.cluster.node;
    const capacity: Record<string, number> = { cpu: node.cpu_millicores / 1000, memory: node.memory_mib * MIB };
    for (const o of ctx.objects) {
      if (podCount(o) === 0) {
        ctx.undecided(o);
        continue;
      }
      const short: string[] = [];
      let at: FieldPath | undefined;
      for (const resource of ["cpu", "memory"]) {
        let total = 0;
        let biggest: { value: number; path: FieldPath } | undefined;
        for (const c of containersOf(o).filter((c) => !c.init)) {
          const r = request(c.container, resource);
          if (!r) continue;
          total += r.value;
          if (!biggest || r.value > biggest.value) biggest = { value: r.value, path: [...c.path, ...r.path] };
        }
        if (total > (capacity[resource] ?? Infinity)) {
          short.push(`1 Insufficient ${resource}`);
          at ??= biggest?.path;
        }
      }
      if (short.length === 0 || !at) continue;
      const message = `0/1 nodes are available: ${short.join(", ")}. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.`;
      const c = containersOf(o).find((c) => !c.init);
      const log = c && describePod(o, c, ["State:          Waiting", "Ready:          False"], [{ type: "Warning", reason: "FailedScheduling", from: "default-scheduler", message }]);
      ctx.report(o, at, message, log ? { log } : {});
    }
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
