/**
 * service-selector-mismatch: a Service's selector matches no pod (a label value that differs from the pod
 * template's, or a label the pods do not carry); the Service has no endpoints and every connection to it is
 * refused (K8S030). Split rule: train misspells a selector value or gives it a habitual suffix (-api,
 * -server, -app); test adds a label the pods lack (tier, component, version), which train never does.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, insertAfterPair, k8sInjection, scalarSource, setValue } from "./k8s-edit.js";
import { manifestObjects, podLabels, workloads, type K8sObject } from "./k8s-manifests.js";
import { asScalar, heldOut, nearName } from "./k8s-names.js";
import { selectedWorkloads, serviceSelector } from "./k8s-traffic.js";
import { selects } from "../../../simulators/k8s/workload.js";

const EXTRA = [
  ["tier", "backend"],
  ["component", "api"],
  ["version", "v1"],
] as const;

export const serviceSelectorMismatch = defineInjector({
  kind: "service-selector-mismatch",
  layer: "k8s",
  summary: "A Service selector that matches no pod: no endpoints, connections refused",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const objects = manifestObjects(ctx.files, world);
    const services = objects.filter((o) => o.kind === "Service" && Object.keys(serviceSelector(o)).length > 0 && selectedWorkloads(objects, o).length > 0);
    const candidates = services.flatMap((svc) => Object.keys(serviceSelector(svc)).map((key) => ({ svc, key }))).filter(({ svc, key }) => !fieldReserved(ctx, svc, ["spec", "selector", key]));
    if (candidates.length === 0) return null;
    const { svc, key } = rng.pick(candidates);
    const selector = serviceSelector(svc);
    const pods = workloads(objects).filter((w) => w.namespace === svc.namespace).map(podLabels);
    const matchesNone = (s: Record<string, string>) => !pods.some((labels) => selects(s, labels));
    const source = ctx.files.get(svc.file)!.content;
    let content: string | null;
    let wrong: string;
    if (heldOut(split)) {
      const extra = rng.shuffle(EXTRA.filter(([k]) => !(k in selector))).find(([k, v]) => matchesNone({ ...selector, [k]: v }));
      if (!extra) return null;
      const last = Object.keys(selector).pop()!;
      content = insertAfterPair(source, svc, ["spec", "selector", last], [`${extra[0]}: ${extra[1]}`]);
      wrong = `${extra[0]}=${extra[1]}, a label its pods do not carry`;
    } else {
      const value = nearName(selector[key]!, rng, split, (v) => !matchesNone({ ...selector, [key]: v }), { train: ["-api", "-server", "-app"], test: [] });
      if (!value) return null;
      content = setValue(source, svc, ["spec", "selector", key], asScalar(scalarSource(source, svc, ["spec", "selector", key]) ?? "", value));
      wrong = `${key}=${value}, while its pods are labelled ${key}=${selector[key]}`;
    }
    if (!content) return null;
    const target = selectedWorkloads(objects, svc)[0] as K8sObject;
    return k8sInjection(ctx, "service-selector-mismatch", new Map([[svc.file, content]]), {
      description: `${svc.file}: the Service ${svc.name} selects ${wrong} (${target.kind}/${target.name}): it has no endpoints and every connection to it is refused.`,
      hint: "The pods are Running and Ready, yet the Service has no endpoints. Compare its selector, label by label, with the labels of the pod template it should select.",
      stage: "traffic",
      detection: [{ code: "K8S030", file: svc.file }],
    });
  },
});
