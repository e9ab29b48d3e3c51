/**
 * K8S027: a readiness probe that cannot reach the app: the pod runs but never becomes Ready, so no Service
 * sends it traffic (its address stays in notReadyAddresses).
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { podName } from "../identity.js";
import { describePod, startEvents } from "../messages.js";
import { stringAt } from "../object.js";
import { runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

export const readinessProbe = k8sRule({
  code: "K8S027",
  name: "readiness-probe",
  summary: "A readiness probe targets a port the app does not listen on: the pod is never Ready and gets no traffic",
  stage: "runtime",
  severity: "error",
  phase: "ready",
  needs: ["world"],
  applies: objectsWhere(runsPods),
  on: {
    "readiness-probed"(e, ctx) {
      const o = e.object;
      // Where no container's app is known to listen, no probe can be judged.
      const judged = e.containers.filter((c) => c.listening !== undefined);
      if (judged.length === 0) return ctx.undecided();
      for (const { container: c, probes } of judged) {
        const failure = probes.find((p) => p.failure)?.failure;
        if (!failure) continue;
        const unhealthy = `Readiness probe ${failure.errored ? "errored" : "failed"}: ${failure.detail}`;
        const log = describePod(o, c, ["State:          Running", "Ready:          False", "Restart Count:  0"], [...startEvents(o, c, stringAt(c.container, ["image"]) ?? ""), { type: "Warning", reason: "Unhealthy", from: "kubelet", message: unhealthy }]);
        ctx.report(at(o, failure.path), unhealthy, { log, detail: { pod: "Running" } });
      }
    },
  },
  cases: {
    valid: [{ files: APP_FILES, world: WORLD }],
    invalid: [
      {
        name: "readiness on the wrong port",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: http", "              path: /health\n              port: 3000")),
        world: WORLD,
        file: "k8s/deployment.yaml",
        line: 45,
        message: "Readiness probe failed: Get \"http://10.244.0.",
      },
      { name: "containerPort renamed, probe still names http", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("- name: http\n", "- name: web\n")), world: WORLD, message: "Readiness probe errored: couldn't find port: http" },
    ],
  },
});
