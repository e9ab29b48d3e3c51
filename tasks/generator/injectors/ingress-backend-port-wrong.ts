/**
 * ingress-backend-port-wrong: an Ingress backend names a port its Service does not expose (most often the
 * container's port instead of the Service's, or a port name the Service does not give); ingress-nginx cannot
 * route it (`Service "…" does not have any port …`) and answers 503 (K8S032). Split rule: train writes the
 * pod's port number in place of the Service's (or, where they are equal, a port from
 * 80/3000/5000/8000/8080/9000); test names a port the Service does not have (https, grpc, metrics) or a
 * number from 81/4000/5001/8001/8443/9090/10080.
 */
import { ingressBackends } from "../../../simulators/k8s/ingress.js";
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, replacePair, keyIndent } from "./k8s-edit.js";
import { appContainers, arrayAt, isObject, manifestObjects, resolvePort } from "./k8s-manifests.js";
import { heldOut, otherPort } from "./k8s-names.js";
import { selectedWorkloads } from "./k8s-traffic.js";

const NAMES = ["https", "grpc", "metrics"];

export const ingressBackendPortWrong = defineInjector({
  kind: "ingress-backend-port-wrong",
  layer: "k8s",
  summary: "An Ingress backend port its Service does not expose: 503 for that route",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const objects = manifestObjects(ctx.files, world);
    const apps = appContainers(objects, world);
    const candidates = objects
      .filter((o) => o.kind === "Ingress")
      .flatMap((ing) => ingressBackends(ing).map((b) => ({ ing, b, svc: objects.find((s) => s.kind === "Service" && s.namespace === ing.namespace && s.name === b.service) })))
      .filter(({ ing, b, svc }) => svc !== undefined && !fieldReserved(ctx, ing, [...b.path, "port"]) && (b.port.number !== undefined || b.port.name !== undefined));
    if (candidates.length === 0) return null;
    const { ing, b, svc } = rng.pick(candidates);
    const ports = arrayAt(svc!.value, ["spec", "ports"]).filter(isObject);
    const numbers = ports.map((p) => p["port"]).filter((n): n is number => typeof n === "number");
    const names = ports.map((p) => p["name"]).filter((n): n is string => typeof n === "string");
    // The port the Service forwards this backend to, inside the pod.
    const spec = ports.find((p) => (b.port.number !== undefined ? p["port"] === b.port.number : p["name"] === b.port.name));
    const workload = selectedWorkloads(objects, svc!)[0];
    const app = workload && apps.find((a) => a.object === workload);
    const podPort = app && spec ? resolvePort(app.container, spec["targetPort"] ?? spec["port"]) : undefined;
    let line: string;
    let said: string;
    const freeNames = NAMES.filter((n) => !names.includes(n));
    if (heldOut(split) && freeNames.length > 0 && rng.chance(0.5)) {
      const name = rng.pick(freeNames);
      line = `name: ${name}`;
      said = `the port named ${name}`;
    } else {
      const number = !heldOut(split) && podPort !== undefined && !numbers.includes(podPort) ? podPort : otherPort(rng, split, numbers);
      if (number === null) return null;
      line = `number: ${number}`;
      said = `port ${number}`;
    }
    const source = ctx.files.get(ing.file)!.content;
    const indent = keyIndent(source, ing, [...b.path, "port", b.port.number !== undefined ? "number" : "name"]);
    const content = indent === null ? null : replacePair(source, ing, [...b.path, "port", b.port.number !== undefined ? "number" : "name"], `${indent}${line}\n`);
    if (!content) return null;
    return k8sInjection(ctx, "ingress-backend-port-wrong", new Map([[ing.file, content]]), {
      description: `${ing.file}: the Ingress ${ing.name} routes ${b.route} to ${said} of the Service ${svc!.name}, which exposes ${[...numbers.map(String), ...names.map((n) => `"${n}"`)].join(", ")}: ingress-nginx cannot route it and answers 503.`,
      hint: "The Ingress names the right Service but the controller cannot route to it. Which ports does that Service expose, as opposed to the ports of the pods behind it?",
      stage: "traffic",
      detection: [{ code: "K8S032", file: ing.file }],
    });
  },
});
