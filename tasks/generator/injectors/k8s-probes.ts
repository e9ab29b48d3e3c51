/**
 * The probes of a container as the k8s injectors reason about them: which ones reach the app (an HTTP or TCP
 * probe on the pod's own IP), and which rule reports first when the app stops answering them. The kubelet
 * runs startup and liveness probes before readiness ones, and a pod whose liveness fails never becomes Ready,
 * so a broken app shows at K8S026 when it has such a probe and at K8S027 when it has only a readiness probe.
 */
import type { App } from "../../../simulators/world.js";
import type { InjectionContext } from "../injector.js";
import { fieldReserved } from "./k8s-edit.js";
import { appContainers, isObject, manifestObjects, resolvePort, runsSomePods, type ContainerRef, type FieldPath, type K8sObject } from "./k8s-manifests.js";

export type ProbeKind = "startupProbe" | "livenessProbe" | "readinessProbe";

export interface ProbeRef {
  kind: ProbeKind;
  handler: "httpGet" | "tcpSocket";
  /** Path of the handler (`…livenessProbe.httpGet`). */
  path: FieldPath;
  port: unknown;
  /** The HTTP path, for httpGet. */
  httpPath: string | undefined;
}

/** The container's HTTP and TCP probes that connect to the pod itself (no `host`). */
export function probesOf(c: ContainerRef, kinds: readonly ProbeKind[] = ["startupProbe", "livenessProbe", "readinessProbe"]): ProbeRef[] {
  return kinds.flatMap((kind) => {
    const probe = c.container[kind];
    if (!isObject(probe)) return [];
    const handler = isObject(probe["httpGet"]) ? "httpGet" : isObject(probe["tcpSocket"]) ? "tcpSocket" : undefined;
    if (!handler) return [];
    const spec = probe[handler] as Record<string, unknown>;
    if (spec["host"] !== undefined) return [];
    return [{ kind, handler, path: [...c.path, kind, handler], port: spec["port"], httpPath: typeof spec["path"] === "string" ? spec["path"] : undefined }];
  });
}

/** The rule code of a failing probe of `kind`. */
export function probeCode(kind: ProbeKind): "K8S026" | "K8S027" {
  return kind === "readinessProbe" ? "K8S027" : "K8S026";
}

/**
 * The code that reports first when the container's app no longer answers its probes where it used to (all of
 * them reaching `listening`): K8S026 with a startup or liveness probe, K8S027 with only a readiness probe,
 * null without a probe that reaches the app (then nothing in the pod says so).
 */
export function unansweredCode(c: ContainerRef, listening: number | undefined): "K8S026" | "K8S027" | null {
  const probes = probesOf(c);
  if (listening === undefined || probes.length === 0 || probes.some((p) => resolvePort(c, p.port) !== listening)) return null;
  return probes.some((p) => p.kind !== "readinessProbe") ? "K8S026" : "K8S027";
}

/** A probe of an app container that reaches the app where it listens, for the injectors that break one. */
export interface ProbePlace {
  object: K8sObject;
  container: ContainerRef;
  app: App;
  listening: number;
  probe: ProbeRef;
}

/** Probes of `kinds` on app containers of workloads that run pods, each reaching the app where it listens. */
export function reachingProbes(ctx: InjectionContext, kinds: readonly ProbeKind[]): ProbePlace[] {
  return appContainers(manifestObjects(ctx.files, ctx.world), ctx.world).flatMap(({ object, container, app, port }) =>
    port === undefined || !runsSomePods(object) || unansweredCode(container, port) === null
      ? []
      : probesOf(container, kinds)
          .filter((probe) => resolvePort(container, probe.port) === port && !fieldReserved(ctx, object, [...probe.path, "port"]))
          .map((probe) => ({ object, container, app, listening: port, probe })),
  );
}

/** How a probe kind is named in prose. */
export function probeName(kind: ProbeKind): string {
  return kind === "startupProbe" ? "startup probe" : kind === "livenessProbe" ? "liveness probe" : "readiness probe";
}
