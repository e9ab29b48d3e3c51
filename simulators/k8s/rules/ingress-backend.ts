/**
 * K8S032: an Ingress backend names a Service that does not exist, or a port that Service does not have.
 * The API server accepts it; ingress-nginx answers 503 for that host and path.
 */
import { ingressBackends } from "../ingress.js";
import { defineRule } from "../rule.js";
import { servicePorts } from "../traffic.js";
import { APP_FILES, INGRESS, WORLD, withFile } from "./fixtures.js";

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
        }
      }
    }
  },
  cases: {
    valid: [{ files: APP_FILES, world: WORLD }],
    invalid: [
      {
        name: "backend api-svc, Service web",
        files: withFile("k8s/ingress.yaml", INGRESS.replace("                name: web", "                name: api-svc")),
        world: WORLD,
        file: "k8s/ingress.yaml",
        line: 15,
        message: 'Backends: api-svc:80 (<error: services "api-svc" not found>)',
      },
      { name: "port the Service does not have", files: withFile("k8s/ingress.yaml", INGRESS.replace("number: 80", "number: 8080")), world: WORLD, line: 16, message: 'Service "default/web" does not have any port 8080' },
    ],
  },
});
