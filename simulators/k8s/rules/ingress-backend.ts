/**
 * K8S032: an Ingress backend names a Service that does not exist, or a port that Service does not have.
 * The API server accepts it; ingress-nginx answers 503 for that host and path.
 */
import { ingressBackends } from "../ingress.js";
import { defineRule } from "../rule.js";
import { stringAt, type K8sObject } from "../object.js";
import { routesToPods, servicePorts } from "../traffic.js";
import { APP_FILES, INGRESS, SERVICE, WORLD, withFile } from "./fixtures.js";

/**
 * Whether anything can give the Service endpoints: a selector, ExternalName, or Endpoints / EndpointSlices
 * applied for it by hand. A selector-less Service with none of these has no endpoints, so ingress-nginx
 * answers 503. Linting alone, hand-made endpoints may come from elsewhere, so this is judged with a world only.
 */
function hasEndpointSource(applied: readonly K8sObject[], svc: K8sObject): boolean {
  if (routesToPods(svc) || stringAt(svc.value, ["spec", "type"]) === "ExternalName") return true;
  return applied.some(
    (o) =>
      o.namespace === svc.namespace &&
      ((o.kind === "Endpoints" && o.name === svc.name) || (o.kind === "EndpointSlice" && stringAt(o.value, ["metadata", "labels", "kubernetes.io/service-name"]) === svc.name)),
  );
}

export const ingressBackend = defineRule({
  code: "K8S032",
  name: "ingress-backend",
  summary: "An Ingress backend names a Service (or a Service port) that does not exist: 503 for that route",
  stage: "traffic",
  severity: "error",
  phase: "route",
  appliesTo: (o) => o.kind === "Ingress",
  check(ctx) {
    for (const ing of ctx.objects) {
      const services = ctx.cluster.applied("Service").filter((s) => s.namespace === ing.namespace);
      // Linting alone, the Services may live elsewhere; a refused Service may be the one named.
      if ((!ctx.worldKnown && services.length === 0) || ctx.cluster.anyRefused("Service")) {
        ctx.undecided(ing);
        continue;
      }
      for (const b of ingressBackends(ing)) {
        const key = `${ing.namespace}/${b.service}`;
        const shownPort = b.port.number ?? b.port.name ?? "";
        const svc = services.find((s) => s.name === b.service);
        const status = `$ curl -i http://${b.route}\nHTTP/1.1 503 Service Temporarily Unavailable`;
        if (!svc) {
          ctx.report(ing, [...b.path, "name"], `Backends: ${b.service}:${shownPort} (<error: services "${b.service}" not found>)\ningress-nginx: Error obtaining Endpoints for Service "${key}": no object matching key "${key}" in local store\nHTTP/1.1 503 Service Temporarily Unavailable`, {
            log: `$ kubectl describe ingress ${ing.name}\nRules:\n  Host  Path  Backends\n  ----  ----  --------\n  ${b.route}  ${b.service}:${shownPort} (<error: services "${b.service}" not found>)\n\n${status}`,
          });
          continue;
        }
        const ports = servicePorts(svc).map((p) => p.spec);
        const found = ports.some((p) => (b.port.number !== undefined ? p["port"] === b.port.number : p["name"] === b.port.name));
        if (!found) {
          const which = b.port.number !== undefined ? `port ${b.port.number}` : `port named "${b.port.name}"`;
          ctx.report(ing, [...b.path, "port"], `ingress-nginx: Service "${key}" does not have any ${which}\n${status.split("\n")[1]}`, { log: status });
        } else if (ctx.worldKnown && !hasEndpointSource(ctx.cluster.applied(), svc)) {
          ctx.report(ing, [...b.path, "name"], `ingress-nginx: Service "${key}" does not have any active Endpoint.\n${status.split("\n")[1]}`, { log: status });
        }
      }
    }
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      {
        name: "a selector-less Service with hand-made Endpoints",
        files: {
          ...withFile("k8s/service.yaml", SERVICE.replace("  selector:\n    app: web\n", "")),
          "k8s/endpoints.yaml": "apiVersion: v1\nkind: Endpoints\nmetadata:\n  name: web\nsubsets:\n  - addresses:\n      - ip: 10.0.0.12\n    ports:\n      - name: http\n        port: 8080\n",
        },
        world: WORLD,
      },
    ],
    invalid: [
      {
        name: "backend api-svc, Service web",
        files: withFile("k8s/ingress.yaml", INGRESS.replace("                name: web", "                name: api-svc")),
        world: WORLD,
        file: "k8s/ingress.yaml",
        line: 15,
        message: 'Backends: api-svc:80 (<error: services "api-svc" not found>)',
      },
      { name: "a selector-less Service nothing gives endpoints", files: withFile("k8s/service.yaml", SERVICE.replace("  selector:\n    app: web\n", "")), world: WORLD, line: 15, message: 'Service "default/web" does not have any active Endpoint.' },
      { name: "port the Service does not have", files: withFile("k8s/ingress.yaml", INGRESS.replace("number: 80", "number: 8080")), world: WORLD, line: 16, message: 'Service "default/web" does not have any port 8080' },
    ],
  },
});
