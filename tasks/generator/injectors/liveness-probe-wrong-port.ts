/**
 * liveness-probe-wrong-port: a liveness (or startup) probe connects to a port the app does not listen on, or
 * names an undeclared port; it fails, the kubelet kills the container and restarts it, CrashLoopBackOff
 * (K8S026). Split rule: see k8s-probe-port.ts.
 */
import { defineInjector } from "../injector.js";
import { moveProbePort } from "./k8s-probe-port.js";

export const livenessProbeWrongPort = defineInjector({
  kind: "liveness-probe-wrong-port",
  layer: "k8s",
  summary: "A liveness or startup probe on a port the app does not listen on: restarts, CrashLoopBackOff",
  inject: (ctx) => moveProbePort(ctx, "liveness-probe-wrong-port", ["startupProbe", "livenessProbe"]),
});
