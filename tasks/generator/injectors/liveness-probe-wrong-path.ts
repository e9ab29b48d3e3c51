/**
 * liveness-probe-wrong-path: a liveness (or startup) probe asks for a path the app does not serve; every
 * probe gets a 404, the kubelet restarts the container over and over, CrashLoopBackOff (K8S026). Split rule:
 * see k8s-probe-path.ts.
 */
import { defineInjector } from "../injector.js";
import { moveProbePath } from "./k8s-probe-path.js";

export const livenessProbeWrongPath = defineInjector({
  kind: "liveness-probe-wrong-path",
  layer: "k8s",
  summary: "A liveness or startup probe on a path the app does not serve: 404, restarts, CrashLoopBackOff",
  inject: (ctx) => moveProbePath(ctx, "liveness-probe-wrong-path", ["startupProbe", "livenessProbe"]),
});
