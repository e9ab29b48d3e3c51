/**
 * K8S026: a liveness (or startup) probe that cannot reach the app (wrong port, unknown port name): the
 * kubelet kills the container after each run of failures, and it ends in CrashLoopBackOff.
 */
import { backOffRestarting, describePod, startEvents, type PodEvent } from "../messages.js";
import { stringAt } from "../object.js";
import { probeFailure } from "../probes.js";
import { defineRule } from "../rule.js";
import { podCount, runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

export const livenessProbe = defineRule({
  code: "K8S026",
  name: "liveness-probe",
  summary: "A liveness or startup probe targets a port the app does not listen on: the container is restarted forever",
  stage: "runtime",
  severity: "error",
  phase: "probe",
  needsWorld: true,
  appliesTo: runsPods,
  check(ctx) {
    for (const o of ctx.objects) {
      const judged = ctx.cluster.containers(o).filter((c) => ctx.cluster.listeningPort(c) !== undefined);
      if (podCount(o) === 0 || judged.length === 0) {
        ctx.undecided(o);
        continue;
      }
      for (const c of judged) {
        for (const kind of ["startupProbe", "livenessProbe"] as const) {
          const failure = probeFailure(o, c, kind, ctx.cluster.listeningPort(c)!);
          if (!failure) continue;
          const label = kind === "startupProbe" ? "Startup" : "Liveness";
          const unhealthy = `${label} probe ${failure.errored ? "errored" : "failed"}: ${failure.detail}`;
          const killing = `Container ${c.name} failed ${label.toLowerCase()} probe, will be restarted`;
          const events: PodEvent[] = [
            ...startEvents(o, c, stringAt(c.container, ["image"]) ?? ""),
            { type: "Warning", reason: "Unhealthy", from: "kubelet", message: unhealthy },
            { type: "Normal", reason: "Killing", from: "kubelet", message: killing },
            { type: "Warning", reason: "BackOff", from: "kubelet", message: backOffRestarting(o, c) },
          ];
          const log = describePod(o, c, ["State:          Running", "Last State:     Terminated", "  Reason:       Error", "  Exit Code:    137", "Ready:          False", "Restart Count:  5"], events);
          ctx.report(o, failure.path, `${unhealthy}\n${killing}`, { log });
          break;
        }
      }
    }
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "probe by port name", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: 8080", "              path: /health\n              port: http")), world: WORLD },
    ],
    invalid: [
      {
        name: "probe on 3000, app on 8080",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: 8080", "              path: /health\n              port: 3000")),
        world: WORLD,
        file: "k8s/deployment.yaml",
        line: 41,
        message: "Liveness probe failed: Get \"http://10.244.0.",
      },
      { name: "tcpSocket on the wrong port", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("            httpGet:\n              path: /health\n              port: 8080", "            tcpSocket:\n              port: 3000")), world: WORLD, message: ":3000: connect: connection refused\nContainer web failed liveness probe, will be restarted" },
      { name: "unknown port name", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: 8080", "              path: /health\n              port: web")), world: WORLD, message: "Liveness probe errored: couldn't find port: web" },
    ],
  },
});
