/**
 * readiness-probe-wrong-port: a readiness probe connects to a port the app does not listen on, or names an
 * undeclared port; the pod runs but never becomes Ready, so its Service has no endpoints to send traffic to
 * (K8S027). Split rule: see k8s-probe-port.ts.
 */
import { defineInjector } from "../injector.js";
import { moveProbePort } from "./k8s-probe-port.js";

export const readinessProbeWrongPort = defineInjector({
  kind: "readiness-probe-wrong-port",
  layer: "k8s",
  summary: "A readiness probe on a port the app does not listen on: the pod is never Ready, no endpoints",
  inject: (ctx) => moveProbePort(ctx, "readiness-probe-wrong-port", ["readinessProbe"]),
});
