/**
 * port-quoted-as-name: a port the API allows as a number or a name (a Service's targetPort, a probe's port, a
 * NetworkPolicy's port) is written as a quoted number; the API server reads a string there as a port name,
 * and a name needs a letter: `Invalid value: "8000": must contain at least one letter (a-z)` (K8S011), the
 * object refused. A NetworkPolicy refused so leaves the pods it opened to the policies that isolate them:
 * when those drop the app's traffic, the timeouts (K8S034) are this fault's too. Split rule: train
 * double-quotes a Service targetPort or a probe port; test single-quotes it, or a NetworkPolicy port.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, setValue } from "./k8s-edit.js";
import { containersOf, fieldsOf, manifestObjects, resolvePort, runsPods, type FieldPath, type K8sObject } from "./k8s-manifests.js";
import { heldOut } from "./k8s-names.js";
import { droppingPolicyFiles, selectedWorkloads } from "./k8s-traffic.js";

/** The number a port field stands for: its own, or the container port its name names. */
function portNumber(objects: readonly K8sObject[], o: K8sObject, path: FieldPath, value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return undefined;
  const containers = o.kind === "Service" ? selectedWorkloads(objects, o).flatMap((w) => containersOf(w)) : containersOf(o).filter((c) => path.length > c.path.length && c.path.every((s, i) => path[i] === s));
  return containers.map((c) => resolvePort(c, value)).find((n) => n !== undefined);
}

export const portQuotedAsName = defineInjector({
  kind: "port-quoted-as-name",
  layer: "k8s",
  summary: "A port written as a quoted number where a string is a port name: the API server refuses the object",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const held = heldOut(split);
    const objects = manifestObjects(ctx.files, world);
    const candidates = objects.flatMap((o) =>
      fieldsOf(o)
        .filter(({ path }) => {
          const key = path[path.length - 1];
          if (o.kind === "Service") return key === "targetPort" && path[1] === "ports";
          if (o.kind === "NetworkPolicy") return held && key === "port" && path[1] === "ingress";
          return runsPods(o) && key === "port" && (path.includes("httpGet") || path.includes("tcpSocket"));
        })
        .flatMap(({ path, value }) => {
          const number = portNumber(objects, o, path, value);
          // A NetworkPolicy's named port stays as it is: only its numbers are quoted by habit.
          return number === undefined || (o.kind === "NetworkPolicy" && typeof value !== "number") || fieldReserved(ctx, o, path) ? [] : [{ o, path, number }];
        }),
    );
    if (candidates.length === 0) return null;
    const { o, path, number } = rng.pick(candidates);
    const quoted = held ? `'${number}'` : `"${number}"`;
    const content = setValue(ctx.files.get(o.file)!.content, o, path, quoted);
    if (!content) return null;
    const field = path.filter((s) => typeof s === "string").slice(-2).join(".");
    // Traffic the refused policy let in, now dropped by the policies left (timeouts another fault's drops do not explain).
    const before = new Set(droppingPolicyFiles(objects));
    const dropped = o.kind === "NetworkPolicy" ? droppingPolicyFiles(objects.filter((x) => x !== o)).filter((f) => !before.has(f)) : [];
    return k8sInjection(ctx, "port-quoted-as-name", new Map([[o.file, content]]), {
      description: `${o.file}: ${o.kind}/${o.name} writes ${field} as the string ${quoted}; a string there is a port name, and a port name must contain a letter, so the API server refuses the object${dropped.length > 0 ? ", and without it the other policies isolating the app's pods drop its traffic" : ""}.`,
      hint: "kubectl apply says a port value must contain at least one letter. What is the difference between a port written as a number and one written as a string?",
      stage: "deploy",
      detection: [{ code: "K8S011", file: o.file }, ...dropped.map((file) => ({ code: "K8S034" as const, file }))],
    });
  },
});
