/**
 * An HTTP probe sent to a path its app does not serve, for the liveness and readiness injectors: the app
 * answers 404 and the kubelet counts a failure (`HTTP probe failed with statuscode: 404`). Only apps whose
 * routes the world lists (a web server that serves every path, like a static site's nginx, never 404s).
 * Split rule: train uses a path from /health, /healthz, /ready, /status, /ping; test one from /livez,
 * /readyz, /healthcheck, /_health, /api/health, /actuator/health; never one the app serves.
 */
import type { InjectionContext } from "../injector.js";
import { k8sInjection, scalarSource, setValue } from "./k8s-edit.js";
import { asScalar, heldOut } from "./k8s-names.js";
import { probeCode, probeName, reachingProbes, type ProbeKind } from "./k8s-probes.js";

const PATHS = { train: ["/health", "/healthz", "/ready", "/status", "/ping"], test: ["/livez", "/readyz", "/healthcheck", "/_health", "/api/health", "/actuator/health"] };

const normal = (p: string) => p.split("?")[0]!.replace(/\/+$/, "") || "/";

export function moveProbePath(ctx: InjectionContext, kind: string, kinds: readonly ProbeKind[]): ReturnType<typeof k8sInjection> {
  const { rng, split } = ctx;
  const places = reachingProbes(ctx, kinds).filter((p) => p.probe.handler === "httpGet" && p.probe.httpPath !== undefined && p.app.language !== "static" && (p.app.routes?.length ?? 0) > 0);
  if (places.length === 0) return null;
  const { object, container, app, probe } = rng.pick(places);
  const served = new Set([app.health_path, ...(app.routes ?? [])].map(normal));
  const paths = PATHS[heldOut(split) ? "test" : "train"].filter((p) => !served.has(normal(p)));
  if (paths.length === 0) return null;
  const path = rng.pick(paths);
  const field = [...probe.path, "path"];
  const source = ctx.files.get(object.file)!.content;
  const content = setValue(source, object, field, asScalar(scalarSource(source, object, field) ?? "", path));
  if (!content) return null;
  const what = probeName(probe.kind);
  const failing = probe.kind === "readinessProbe" ? "the pod never becomes Ready and its Service has no endpoints" : "the kubelet restarts the container over and over (CrashLoopBackOff)";
  return k8sInjection(ctx, kind, new Map([[object.file, content]]), {
    description: `${object.file}: the ${what} of container ${container.name} (${object.kind}/${object.name}) asks for ${path}, which ${app.name} does not serve (its health endpoint is ${probe.httpPath}): every probe gets a 404 and ${failing}.`,
    hint: `The ${what} fails with status code 404: the port is right, the path is not. Which health endpoint does the app's code define?`,
    stage: "runtime",
    detection: [{ code: probeCode(probe.kind), file: object.file }],
  });
}
