/**
 * K8S033: an Ingress no controller picks up: no ingressClassName and no default IngressClass, or a class
 * that is not installed. It gets no ADDRESS and every request falls to the default backend (404).
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { APP_FILES, INGRESS, WORLD, withFile } from "./fixtures.js";

export const ingressClass = k8sRule({
  code: "K8S033",
  name: "ingress-class",
  summary: "An Ingress names no installed IngressClass and the cluster has no default class: no controller serves it",
  stage: "traffic",
  severity: "error",
  phase: "route",
  needs: ["world"],
  applies: objectsWhere((o) => o.kind === "Ingress"),
  on: {
    "ingress-routed"(e, ctx) {
      const ing = e.object;
      const { name: named, installed, defaultClass } = e.ingressClass;
      const key = `${ing.namespace}/${ing.name}`;
      const ignored = (error: string) => `"Ignoring ingress because of error while validating ingress class" ingress="${key}" error="${error}"`;
      const table = (cls: string) => `$ kubectl get ingress ${ing.name}\nNAME   CLASS    HOSTS   ADDRESS   PORTS   AGE\n${ing.name.padEnd(7)}${cls.padEnd(9)}*                 80      2m`;
      if (named === undefined) {
        if (defaultClass !== undefined && installed.includes(defaultClass)) return;
        ctx.report(at(ing, ["spec"]), `ingress-nginx: ${ignored("ingress does not contain a valid IngressClass")}`, { log: table("<none>") });
      } else if (!installed.includes(named)) {
        // Only ingress-nginx logs the Ingresses it skips; another controller (Traefik) passes over them silently.
        const headline = installed.includes("nginx") ? `ingress-nginx: ${ignored(`no object matching key \\"${named}\\" in local store`)}` : `Ingress "${key}": class ${named} is served by no controller of the cluster (${installed.join(", ") || "none"}), ADDRESS stays empty`;
        ctx.report(at(ing, e.ingressClass.field), headline, { log: table(named) });
      }
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "no class, but a default class", files: withFile("k8s/ingress.yaml", INGRESS.replace("  ingressClassName: nginx\n", "")), world: { ...WORLD, cluster: { ingress_classes: ["nginx"], default_ingress_class: "nginx" } } },
      { name: "legacy annotation", files: withFile("k8s/ingress.yaml", INGRESS.replace("  ingressClassName: nginx\n", "").replace("  name: web\n", "  name: web\n  annotations:\n    kubernetes.io/ingress.class: nginx\n")), world: WORLD },
    ],
    invalid: [
      { name: "no ingressClassName, no default", files: withFile("k8s/ingress.yaml", INGRESS.replace("  ingressClassName: nginx\n", "")), world: WORLD, file: "k8s/ingress.yaml", line: 5, message: 'error="ingress does not contain a valid IngressClass"' },
      {
        name: "a class a Traefik cluster does not serve",
        files: withFile("k8s/ingress.yaml", INGRESS.replace("ingressClassName: nginx", "ingressClassName: nginx-public")),
        world: { ...WORLD, cluster: { ingress_classes: ["traefik"], default_ingress_class: "traefik" } },
        line: 6,
        message: 'Ingress "default/web": class nginx-public is served by no controller of the cluster (traefik), ADDRESS stays empty',
      },
      { name: "a class that is not installed", files: withFile("k8s/ingress.yaml", INGRESS.replace("ingressClassName: nginx", "ingressClassName: traefik")), world: WORLD, line: 6, message: 'error="no object matching key \\"traefik\\" in local store"' },
    ],
  },
});
