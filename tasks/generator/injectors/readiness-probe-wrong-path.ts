/**
 * readiness-probe-wrong-path: a readiness probe asks for a path the app does not serve; every probe gets a
 * 404, the pod runs but is never Ready and its Service has no endpoints (K8S027). Split rule: see
 * k8s-probe-path.ts.
 */
import { defineInjector } from "../injector.js";
import { moveProbePath } from "./k8s-probe-path.js";

export const readinessProbeWrongPath = defineInjector({
  kind: "readiness-probe-wrong-path",
  layer: "k8s",
  summary: "A readiness probe on a path the app does not serve: 404, the pod is never Ready",
  inject: (ctx) => moveProbePath(ctx, "readiness-probe-wrong-path", ["readinessProbe"]),
});
