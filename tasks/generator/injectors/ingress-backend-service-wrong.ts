/**
 * ingress-backend-service-wrong: an Ingress backend names a Service that does not exist in its namespace;
 * the API server accepts it, kubectl describe shows `<error: services "…" not found>` and ingress-nginx
 * answers 503 for that route (K8S032). Split rule: train adds -svc/-service to the Service's name (or
 * removes it) or drops/swaps a letter; test adds -http/-web/-v2 or doubles/changes a letter.
 */
import { ingressBackends } from "../../../simulators/k8s/ingress.js";
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, scalarSource, setValue } from "./k8s-edit.js";
import { manifestObjects } from "./k8s-manifests.js";
import { asScalar, nearName } from "./k8s-names.js";

export const ingressBackendServiceWrong = defineInjector({
  kind: "ingress-backend-service-wrong",
  layer: "k8s",
  summary: "An Ingress backend naming a Service that does not exist: 503 for that route",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const objects = manifestObjects(ctx.files, world);
    const services = (ns: string) => new Set(objects.filter((o) => o.kind === "Service" && o.namespace === ns).map((o) => o.name));
    const candidates = objects
      .filter((o) => o.kind === "Ingress")
      .flatMap((ing) => ingressBackends(ing).map((b) => ({ ing, b })))
      .filter(({ ing, b }) => services(ing.namespace).has(b.service) && !fieldReserved(ctx, ing, [...b.path, "name"]));
    if (candidates.length === 0) return null;
    const { ing, b } = rng.pick(candidates);
    const taken = services(ing.namespace);
    const wrong = nearName(b.service, rng, split, (n) => taken.has(n), { train: ["-svc", "-service"], test: ["-http", "-web", "-v2"] });
    if (!wrong) return null;
    const field = [...b.path, "name"];
    const source = ctx.files.get(ing.file)!.content;
    const content = setValue(source, ing, field, asScalar(scalarSource(source, ing, field) ?? "", wrong));
    if (!content) return null;
    return k8sInjection(ctx, "ingress-backend-service-wrong", new Map([[ing.file, content]]), {
      description: `${ing.file}: the Ingress ${ing.name} routes ${b.route} to the Service ${wrong}, which does not exist in namespace ${ing.namespace} (the app's Service is ${b.service}): ingress-nginx answers 503 for that route.`,
      hint: "kubectl describe ingress shows an error next to the backend. Compare the Service it names with the Services the manifests create.",
      stage: "traffic",
      detection: [{ code: "K8S032", file: ing.file }],
    });
  },
});
