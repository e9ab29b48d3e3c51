/**
 * service-target-port-wrong: a Service's targetPort is not where its app listens (a number the app does not
 * listen on, or a name no container port has); endpoints exist (or none, for the name) and every connection
 * is refused (K8S031). A NetworkPolicy that admits only the app's port then also drops the flow to the wrong
 * one (K8S034 on it), which the same fix clears. Split rule: train uses the Service's own port (the classic
 * slip) or a port from 80/3000/5000/8000/8080/9000; test one from 81/4000/5001/8001/8443/9090/10080, or a
 * port name the container does not declare.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, setValue } from "./k8s-edit.js";
import { appContainers, arrayAt, containerPorts, isObject, manifestObjects, resolvePort } from "./k8s-manifests.js";
import { heldOut, otherPort } from "./k8s-names.js";
import { blockingPolicyFiles, routedByIngress, selectedWorkloads } from "./k8s-traffic.js";

const UNDECLARED = ["web", "app", "api-http"];

export const serviceTargetPortWrong = defineInjector({
  kind: "service-target-port-wrong",
  layer: "k8s",
  summary: "A Service targetPort where the app does not listen: connections refused",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const objects = manifestObjects(ctx.files, world);
    const apps = appContainers(objects, world);
    const candidates = objects
      .filter((o) => o.kind === "Service")
      .flatMap((svc) => {
        const workload = selectedWorkloads(objects, svc)[0];
        const app = workload && apps.find((a) => a.object === workload && a.port !== undefined);
        if (!workload || !app) return [];
        return arrayAt(svc.value, ["spec", "ports"]).flatMap((p, index) =>
          isObject(p) && p["targetPort"] !== undefined && resolvePort(app.container, p["targetPort"]) === app.port && !fieldReserved(ctx, svc, ["spec", "ports", index, "targetPort"])
            ? [{ svc, index, port: p["port"], workload, app }]
            : [],
        );
      });
    if (candidates.length === 0) return null;
    const { svc, index, port, workload, app } = rng.pick(candidates);
    const listening = app.port!;
    const declared = containerPorts(app.container);
    const names = UNDECLARED.filter((n) => !declared.some((d) => d.name === n));
    let target: number | string | null;
    if (heldOut(split)) target = names.length > 0 && rng.chance(0.4) ? rng.pick(names) : otherPort(rng, split, [listening, ...declared.map((d) => d.number)]);
    else target = typeof port === "number" && port !== listening && rng.chance(0.5) ? port : otherPort(rng, split, [listening, ...declared.map((d) => d.number)]);
    if (target === null) return null;
    const content = setValue(ctx.files.get(svc.file)!.content, svc, ["spec", "ports", index, "targetPort"], String(target));
    if (!content) return null;
    const policies = typeof target === "number" ? blockingPolicyFiles(objects, workload, target, routedByIngress(objects, svc)) : [];
    return k8sInjection(ctx, "service-target-port-wrong", new Map([[svc.file, content]]), {
      description:
        typeof target === "number"
          ? `${svc.file}: the Service ${svc.name} forwards port ${String(port)} to targetPort ${target}, but ${app.app.name} listens on ${listening}: every connection through the Service is refused${policies.length > 0 ? " (and the NetworkPolicy, which admits only the app's port, drops that traffic too)" : ""}.`
          : `${svc.file}: the Service ${svc.name} forwards port ${String(port)} to the port named ${target}, which no container of ${workload.kind}/${workload.name} declares: the Service has no endpoints for it and every connection is refused.`,
      hint: "The pods are Ready but requests through the Service fail. Follow one request: the Service's port, its targetPort, and the port the app actually listens on in the container.",
      stage: "traffic",
      detection: [{ code: "K8S031", file: svc.file }, ...policies.map((file) => ({ code: "K8S034" as const, file }))],
    });
  },
});
