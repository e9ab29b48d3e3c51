/** K8S025: a memory limit below what the app uses: the kernel kills it (OOMKilled, exit 137), then CrashLoopBackOff. */
import { backOffRestarting, describePod, startEvents } from "../messages.js";
import { stringAt, valueAt } from "../object.js";
import { formatMiB, MIB, parseQuantity } from "../quantity.js";
import { defineRule } from "../rule.js";
import { podCount, runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

export const oomKilled = defineRule({
  code: "K8S025",
  name: "oom-killed",
  summary: "A container's memory limit is below what its app uses: OOMKilled (exit code 137) and CrashLoopBackOff",
  stage: "runtime",
  severity: "error",
  phase: "memory",
  needsWorld: true,
  appliesTo: runsPods,
  check(ctx) {
    for (const o of ctx.objects) {
      const judged = ctx.cluster.containers(o).filter((c) => ctx.cluster.app(c)?.memory_mib !== undefined);
      if (podCount(o) === 0 || judged.length === 0) {
        ctx.undecided(o);
        continue;
      }
      for (const c of judged) {
        const needs = ctx.cluster.app(c)!.memory_mib! * MIB;
        const written = valueAt(c.container, ["resources", "limits", "memory"]);
        const limit = parseQuantity(written);
        if (limit === undefined || limit >= needs) continue;
        const backOff = backOffRestarting(o, c);
        const state = ["State:          Waiting", "  Reason:       CrashLoopBackOff", "Last State:     Terminated", "  Reason:       OOMKilled", "  Exit Code:    137", "Limits:", `  memory:       ${String(written)}`];
        const log = describePod(o, c, state, [...startEvents(o, c, stringAt(c.container, ["image"]) ?? ""), { type: "Warning", reason: "BackOff", from: "kubelet", message: backOff }]);
        // As written when it says what it means; a value under 1 MiB (`256m` is 0.256 bytes) shows its bytes.
        const shown = typeof written === "string" && /i$/.test(written) ? written : limit < MIB ? `${written} = ${limit} bytes` : formatMiB(limit);
        ctx.report(o, [...c.path, "resources", "limits", "memory"], `Last State: Terminated, Reason: OOMKilled, Exit Code: 137 (memory limit ${shown})\n${backOff}`, { log });
      }
    }
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "no limit at all", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("            limits:\n              memory: 256Mi\n", "")), world: WORLD },
    ],
    invalid: [
      {
        name: "64Mi for an app that needs 100Mi",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("memory: 128Mi", "memory: 64Mi").replace("memory: 256Mi", "memory: 64Mi")),
        world: WORLD,
        file: "k8s/deployment.yaml",
        line: 37,
        message: "Last State: Terminated, Reason: OOMKilled, Exit Code: 137",
      },
      { name: "128m is a fraction of a byte", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("memory: 128Mi", "memory: 128m").replace("memory: 256Mi", "memory: 256m")), world: WORLD, message: "OOMKilled" },
    ],
  },
});
