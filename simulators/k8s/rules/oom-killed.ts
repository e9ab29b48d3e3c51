/** K8S025: a memory limit below what the app uses: the kernel kills it (OOMKilled, exit 137), then CrashLoopBackOff. */
import { at, k8sRule, objectsWhere } from "../events.js";
import { backOffRestarting, describePod, startEvents } from "../messages.js";
import { stringAt } from "../object.js";
import { formatMiB, MIB } from "../quantity.js";
import { runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

export const oomKilled = k8sRule({
  code: "K8S025",
  name: "oom-killed",
  summary: "A container's memory limit is below what its app uses: OOMKilled (exit code 137) and CrashLoopBackOff",
  stage: "runtime",
  severity: "error",
  phase: "memory",
  needs: ["world"],
  applies: objectsWhere(runsPods),
  on: {
    "memory-used"(e, ctx) {
      const o = e.object;
      // Where no container's app is known, its memory use is not.
      if (!e.containers.some((c) => c.used !== undefined)) return ctx.undecided();
      for (const { container: c, used, limit: { written, bytes: limit } } of e.containers) {
        if (used === undefined || limit === undefined || limit >= used) continue;
        const backOff = backOffRestarting(o, c);
        const state = ["State:          Waiting", "  Reason:       CrashLoopBackOff", "Last State:     Terminated", "  Reason:       OOMKilled", "  Exit Code:    137", "Limits:", `  memory:       ${String(written)}`];
        const log = describePod(o, c, state, [...startEvents(o, c, stringAt(c.container, ["image"]) ?? ""), { type: "Warning", reason: "BackOff", from: "kubelet", message: backOff }]);
        // As written when it says what it means; a value under 1 MiB (`256m` is 0.256 bytes) shows its bytes.
        const shown = typeof written === "string" && /i$/.test(written) ? written : limit < MIB ? `${written} = ${limit} bytes` : formatMiB(limit);
        ctx.report(at(o, [...c.path, "resources", "limits", "memory"]), `Last State: Terminated, Reason: OOMKilled, Exit Code: 137 (memory limit ${shown})`, { log, detail: { pod: "CrashLoopBackOff" } });
      }
    },
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
