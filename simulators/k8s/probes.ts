/**
 * What a liveness, startup or readiness probe meets: the kubelet connects to the pod's IP on the probe's
 * port (a number, or the name of one of the container's ports), where the app may or may not listen.
 */
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

/** How probe `kind` of container `c` fails when the app listens on `listening`; undefined when it passes. */
export function probeFailure(o: K8sObject, c: ContainerRef, kind: ProbeKind, listening: number): ProbeOutcome | undefined {
  const probe = c.container[kind];
  if (!isObject(probe)) return undefined;
  const handler = isObject(probe["httpGet"]) ? "httpGet" : isObject(probe["tcpSocket"]) ? "tcpSocket" : undefined;
  if (!handler) return undefined; // exec and grpc probes: the app's own business
  const spec = probe[handler] as Record<string, unknown>;
  if (typeof spec["host"] === "string") return undefined;
  const path: FieldPath = [...c.path, kind, handler, "port"];
  const port = resolvePort(c, spec["port"]);
  if (port === undefined) return { path, detail: `couldn't find port: ${String(spec["port"])} in container ${c.name}`, errored: true };
  if (port === listening) return undefined;
  const ip = podIp(o);
  const refused = `dial tcp ${ip}:${port}: connect: connection refused`;
  if (handler === "tcpSocket") return { path, detail: refused, errored: false };
  const scheme = spec["scheme"] === "HTTPS" ? "https" : "http";
  const target = typeof spec["path"] === "string" ? spec["path"] : "/";
  return { path, detail: `Get "${scheme}://${ip}:${port}${target.startsWith("/") ? target : `/${target}`}": ${refused}`, errored: false };
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

/** The probes of `kinds` container `c` declares, sent to an app listening on `listening`. */
export function probesSent(o: K8sObject, c: ContainerRef, kinds: readonly ProbeKind[], listening: number | undefined): ProbeSent[] {
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
      failure: listening === undefined ? undefined : (probeFailure(o, c, kind, listening) ?? null),
    }];
  });
}
