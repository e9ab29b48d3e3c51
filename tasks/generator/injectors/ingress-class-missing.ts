/**
 * ingress-class-missing: an Ingress asks for no IngressClass on a cluster without a default one, or for a
 * class no controller of the cluster serves; the controller ignores it (`Ignoring ingress because of error
 * while validating ingress class`), it gets no address and requests fall to the default backend's 404
 * (K8S033). Split rule: train drops ingressClassName (where the cluster has no default class) or names the
 * controller instead of its class (ingress-nginx, nginx-ingress); test names another class (public,
 * internal, nginx-external, alb) the cluster does not have.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, removePair, scalarSource, setValue } from "./k8s-edit.js";
import { manifestObjects, valueAt } from "./k8s-manifests.js";
import { asScalar, heldOut } from "./k8s-names.js";

const CLASSES = { train: ["ingress-nginx", "nginx-ingress"], test: ["public", "internal", "nginx-external", "alb"] };

export const ingressClassMissing = defineInjector({
  kind: "ingress-class-missing",
  layer: "k8s",
  summary: "An Ingress without a class the cluster's controllers serve: ignored, 404 from the default backend",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const installed = world.cluster.ingress_classes;
    const candidates = manifestObjects(ctx.files, world).filter((o) => {
      const name = valueAt(o.value, ["spec", "ingressClassName"]);
      return o.kind === "Ingress" && typeof name === "string" && installed.includes(name) && !fieldReserved(ctx, o, ["spec", "ingressClassName"]);
    });
    if (candidates.length === 0) return null;
    const ing = rng.pick(candidates);
    const current = valueAt(ing.value, ["spec", "ingressClassName"]) as string;
    const source = ctx.files.get(ing.file)!.content;
    const drop = !heldOut(split) && world.cluster.default_ingress_class === undefined && rng.chance(0.5);
    let content: string | null;
    let says: string;
    if (drop) {
      content = removePair(source, ing, ["spec", "ingressClassName"]);
      says = "names no IngressClass, and the cluster has no default one";
    } else {
      const classes = CLASSES[heldOut(split) ? "test" : "train"].filter((c) => !installed.includes(c));
      if (classes.length === 0) return null;
      const wrong = rng.pick(classes);
      content = setValue(source, ing, ["spec", "ingressClassName"], asScalar(scalarSource(source, ing, ["spec", "ingressClassName"]) ?? "", wrong));
      says = `asks for the IngressClass ${wrong}, which no controller of the cluster serves (its class is ${current})`;
    }
    if (!content) return null;
    return k8sInjection(ctx, "ingress-class-missing", new Map([[ing.file, content]]), {
      description: `${ing.file}: the Ingress ${ing.name} ${says}: the controller ignores it, it gets no address and requests get the default backend's 404.`,
      hint: "kubectl get ingress shows no ADDRESS and the controller logs that it ignores the Ingress. Which IngressClass does the cluster's controller serve (the README says)?",
      stage: "traffic",
      detection: [{ code: "K8S033", file: ing.file }],
    });
  },
});
