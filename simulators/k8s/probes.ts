/**
 * What a liveness, startup or readiness probe meets: the kubelet connects to the pod's IP on the probe's
 * port (a number, or the name of one of the container's ports), where the app may or may not listen.
 */
import { isLoopback } from "../docker/app-start.js";
import { podIp } from "./identity.js";
import { arrayAt, isObject, type FieldPath, type K8sObject } from "./object.js";
import type { ContainerRef } from "./workload.js";

export type ProbeKind = "livenessProbe" | "startupProbe" | "readinessProbe";

export interface ProbeOutcome {
  /** Path of the probe's port field, where the fault is reported. */
  path: FieldPath;
  /** The kubelet's text after `<Kind> probe failed: ` / `errored: `. */
  detail: string;
  errored: boolean;
}

/** Resolves a port number or a container port's name; undefined for a name the container does not declare. */
export function resolvePort(c: ContainerRef, port: unknown): number | undefined {
  if (typeof port === "number") return port;
  if (typeof port !== "string") return undefined;
  if (/^\d+$/.test(port)) return Number(port);
  for (const p of arrayAt(c.container, ["ports"])) if (isObject(p) && p["name"] === port && typeof p["containerPort"] === "number") return p["containerPort"];
  return undefined;
}

/** What answers on the port the app listens on: where it binds, and the HTTP paths it serves. */
export interface AppSurface {
  address: string;
  /** Paths that answer with a success; undefined when only `health` is known. */
  routes: readonly string[] | undefined;
  health: string;
}

/** Whether an app answers an HTTP GET of `path` with a success: true, false (a 404), or undefined (not known). */
export function servesPath(app: AppSurface, path: string): boolean | undefined {
  const clean = path.split("?")[0]!.replace(/\/+$/, "") || "/";
  const known = [app.health, ...(app.routes ?? [])].map((r) => r.replace(/\/+$/, "") || "/");
  if (known.includes(clean)) return true;
  return app.routes === undefined ? undefined : false;
}

/**
 * How probe `kind` of container `c` fails when the app listens on `listening`; undefined when it passes, or
 * "unknown" when what the app answers on that path cannot be known.
 */
export function probeFailure(o: K8sObject, c: ContainerRef, kind: ProbeKind, listening: number, app?: AppSurface, address?: string): ProbeOutcome | "unknown" | undefined {
  const probe = c.container[kind];
  if (!isObject(probe)) return undefined;
  const handler = isObject(probe["httpGet"]) ? "httpGet" : isObject(probe["tcpSocket"]) ? "tcpSocket" : undefined;
  if (!handler) return undefined; // exec and grpc probes: the app's own business
  const spec = probe[handler] as Record<string, unknown>;
  if (typeof spec["host"] === "string") return undefined;
  const path: FieldPath = [...c.path, kind, handler, "port"];
  const port = resolvePort(c, spec["port"]);
  if (port === undefined) return { path, detail: `couldn't find port: ${String(spec["port"])} in container ${c.name}`, errored: true };
  const ip = podIp(o);
  const refused = `dial tcp ${ip}:${port}: connect: connection refused`;
  const scheme = spec["scheme"] === "HTTPS" ? "https" : "http";
  const target = typeof spec["path"] === "string" ? spec["path"] : "/";
  const url = `${scheme}://${ip}:${port}${target.startsWith("/") ? target : `/${target}`}`;
  // The kubelet connects to the pod's IP: an app bound to loopback refuses it, whatever the port.
  const bound = app?.address ?? address;
  const reachable = port === listening && !(bound !== undefined && isLoopback(bound));
  if (!reachable) return handler === "tcpSocket" ? { path, detail: refused, errored: false } : { path, detail: `Get "${url}": ${refused}`, errored: false };
  if (handler === "tcpSocket" || !app) return undefined;
  const served = servesPath(app, target);
  if (served === undefined) return "unknown";
  return served ? undefined : { path: [...c.path, kind, handler, "path"], detail: "HTTP probe failed with statuscode: 404", errored: false };
}

function outcomeOf(failure: ProbeOutcome | "unknown" | undefined): ProbeOutcome | null | undefined {
  return failure === "unknown" ? undefined : (failure ?? null);
}

/** A probe the kubelet sends, with what it meets in the container. */
export interface ProbeSent {
  kind: ProbeKind;
  handler: "httpGet" | "tcpSocket" | "exec" | "grpc" | undefined;
  /** The port as written (a number or a container port's name), and the port it resolves to. */
  port: unknown;
  target: number | undefined;
  /** The HTTP path of an httpGet probe. */
  path: string | undefined;
  /**
   * How it fails against the port the app listens on; null when it passes or is the app's own business (exec,
   * grpc, another host); undefined when where the app listens is not known.
   */
  failure: ProbeOutcome | null | undefined;
}

/**
 * The probes of `kinds` container `c` declares, sent to an app listening on `listening`; `address`: where a
 * server with no app surface (a web server's) binds, when known.
 */
export function probesSent(o: K8sObject, c: ContainerRef, kinds: readonly ProbeKind[], listening: number | undefined, app?: AppSurface, address?: string): ProbeSent[] {
  return kinds.flatMap((kind) => {
    const probe = c.container[kind];
    if (!isObject(probe)) return [];
    const handler = (["httpGet", "tcpSocket", "exec", "grpc"] as const).find((h) => isObject(probe[h]));
    const spec = handler ? (probe[handler] as Record<string, unknown>) : {};
    return [{
      kind,
      handler,
      port: spec["port"],
      target: handler === "httpGet" || handler === "tcpSocket" ? resolvePort(c, spec["port"]) : undefined,
      path: handler === "httpGet" && typeof spec["path"] === "string" ? spec["path"] : undefined,
      failure: listening === undefined ? undefined : outcomeOf(probeFailure(o, c, kind, listening, app, address)),
    }];
  });
}
