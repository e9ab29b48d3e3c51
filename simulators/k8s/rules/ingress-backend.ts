/**
 * K8S032: an Ingress backend names a Service that does not exist, or a port that Service does not have.
 * The API server accepts it; ingress-nginx answers 503 for that host and path.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { APP_FILES, INGRESS, SERVICE, WORLD, withFile } from "./fixtures.js";

export const ingressBackend = k8sRule({
  code: "K8S032",
  name: "ingress-backend",
  summary: "An Ingress backend names a Service (or a Service port) that does not exist: 503 for that route",
  stage: "traffic",
  severity: "error",
  phase: "route",
  applies: objectsWhere((o) => o.kind === "Ingress"),
  on: {
    "ingress-routed"(e, ctx) {
      const ing = e.object;
      // Linting alone, the Services may live elsewhere; a refused Service may be the one named.
      if ((!ctx.worldKnown && e.services === 0) || e.serviceRefused) return ctx.undecided();
      for (const b of e.backends) {
        const key = `${ing.namespace}/${b.service}`;
        const shownPort = b.port.number ?? b.port.name ?? "";
        const status = `$ curl -i http://${b.route}\nHTTP/1.1 503 Service Temporarily Unavailable`;
        if (!b.target) {
          ctx.report(at(ing, [...b.path, "name"]), `Backends: ${b.service}:${shownPort} (<error: services "${b.service}" not found>)`, {
            log: `$ kubectl describe ingress ${ing.name}\nRules:\n  Host  Path  Backends\n  ----  ----  --------\n  ${b.route}  ${b.service}:${shownPort} (<error: services "${b.service}" not found>)\n\n${status}`,
          });
          continue;
        }
        if (!b.target.port) {
          const which = b.port.number !== undefined ? `port ${b.port.number}` : `port named "${b.port.name}"`;
          ctx.report(at(ing, [...b.path, "port"]), `ingress-nginx: Service "${key}" does not have any ${which}`, { log: status });
        } else if (ctx.worldKnown && !b.target.endpointSource) {
          // Linting alone, hand-made endpoints may come from elsewhere.
          ctx.report(at(ing, [...b.path, "name"]), `ingress-nginx: Service "${key}" does not have any active Endpoint.`, { log: status });
        }
      }
    },
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
