/**
 * K8S031: a Service forwards to a targetPort where the app does not listen (or to a port name no container
 * declares). The endpoints look fine; every connection is refused by the pod.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { podIp } from "../identity.js";
import { routesToPods } from "../traffic.js";
import { APP_FILES, SERVICE, WORLD, withFile } from "./fixtures.js";

export const serviceTargetPort = k8sRule({
  code: "K8S031",
  name: "service-target-port",
  summary: "A Service's targetPort is not where the app listens (or names no container port): connections are refused",
  stage: "traffic",
  severity: "error",
  phase: "route",
  needs: ["world"],
  applies: objectsWhere(routesToPods),
  on: {
    "service-routed"(e, ctx) {
      const svc = e.object;
      if (e.endpoints.state !== "ready") return ctx.undecided();
      for (const route of e.ports) {
        if (!route.backend) continue;
        const { pod, containers } = route.backend;
        const path = ["spec", "ports", route.index, route.targetField];
        const curl = `curl: (7) Failed to connect to ${svc.name} port ${String(route.port)} after 1 ms: Connection refused`;
        const landing = containers.filter((c) => c.target !== undefined);
        if (landing.length === 0) {
          const headline = `Service "${svc.name}" port ${String(route.port)}: TargetPort ${String(route.target)}/TCP names no container port of ${pod.kind.toLowerCase()}/${pod.name}, Endpoints: <none>`;
          ctx.report(at(svc, path), headline, { log: `${headline}\n${curl}` });
          continue;
        }
        const port = landing[0]!.target!;
        // Where no container's app is known to listen, the port cannot be judged.
        if (containers.every((c) => c.listening === undefined)) {
          ctx.undecided();
          continue;
        }
        // A server bound to loopback takes no connection from the Service, whatever its port.
        if (containers.some((c) => c.listening === port && !c.loopback)) continue;
        const endpoint = `${podIp(pod)}:${port}`;
        ctx.report(at(svc, path), `Service "${svc.name}" port ${String(route.port)} → TargetPort ${port}/TCP, Endpoints: ${endpoint}`, {
          log: `$ kubectl get endpoints ${svc.name}\nNAME            ENDPOINTS              AGE\n${svc.name.padEnd(16)}${endpoint.padEnd(23)}2m\n\n$ curl http://${svc.name}:${String(route.port)}/\n${curl}`,
        });
      }
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "numeric targetPort", files: withFile("k8s/service.yaml", SERVICE.replace("targetPort: http", "targetPort: 8080")), world: WORLD },
    ],
    invalid: [
      {
        name: "targetPort 3000, app on 8080",
        files: withFile("k8s/service.yaml", SERVICE.replace("targetPort: http", "targetPort: 3000")),
        world: WORLD,
        file: "k8s/service.yaml",
        line: 11,
        message: "TargetPort 3000/TCP, Endpoints: 10.244.0.239:3000",
      },
      { name: "no targetPort: the port itself", files: withFile("k8s/service.yaml", SERVICE.replace("      targetPort: http\n", "")), world: WORLD, line: 10, message: "TargetPort 80/TCP" },
      { name: "unknown port name", files: withFile("k8s/service.yaml", SERVICE.replace("targetPort: http", "targetPort: web")), world: WORLD, message: "TargetPort web/TCP names no container port" },
    ],
  },
});
