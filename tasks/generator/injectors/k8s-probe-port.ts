/**
 * A probe moved off the port its app listens on, for the liveness and readiness injectors: the kubelet's
 * connection is refused (`dial tcp …: connect: connection refused`), or the probe names a port the container
 * does not declare (`couldn't find port`). Split rule: train moves it to a port from 80/3000/5000/8000/8080/
 * 9000; test to one from 81/4000/5001/8001/8443/9090/10080 or to an undeclared port name.
 */
import type { InjectionContext } from "../injector.js";
import { k8sInjection, setValue } from "./k8s-edit.js";
import { containerPorts } from "./k8s-manifests.js";
import { heldOut, otherPort } from "./k8s-names.js";
import { probeCode, probeName, reachingProbes, type ProbeKind } from "./k8s-probes.js";

const UNDECLARED = ["web", "metrics", "health", "management"];

export function moveProbePort(ctx: InjectionContext, kind: string, kinds: readonly ProbeKind[]): ReturnType<typeof k8sInjection> {
  const { rng, split } = ctx;
  const places = reachingProbes(ctx, kinds);
  if (places.length === 0) return null;
  const { object, container, listening, probe } = rng.pick(places);
  const declared = containerPorts(container);
  const names = UNDECLARED.filter((n) => !declared.some((p) => p.name === n));
  const byName = heldOut(split) && names.length > 0 && rng.chance(0.4);
  const port = byName ? rng.pick(names) : otherPort(rng, split, [listening, ...declared.map((p) => p.number)]);
  if (port === null) return null;
  const content = setValue(ctx.files.get(object.file)!.content, object, [...probe.path, "port"], String(port));
  if (!content) return null;
  const what = probeName(probe.kind);
  const failing = probe.kind === "readinessProbe" ? "the pod never becomes Ready and gets no traffic" : "the kubelet restarts the container over and over (CrashLoopBackOff)";
  return k8sInjection(ctx, kind, new Map([[object.file, content]]), {
    description: byName
      ? `${object.file}: the ${what} of container ${container.name} (${object.kind}/${object.name}) names the port ${port}, which the container does not declare: the probe errors and ${failing}.`
      : `${object.file}: the ${what} of container ${container.name} (${object.kind}/${object.name}) connects to port ${port}, but the app listens on ${listening}: the connection is refused and ${failing}.`,
    hint: `The pod events say the ${what} fails. Which port does the app actually listen on, and which port does the probe connect to?`,
    stage: "runtime",
    detection: [{ code: probeCode(probe.kind), file: object.file }],
  });
}
