/**
 * K8S031: a Service forwards to a targetPort where the app does not listen (or to a port name no container
 * declares). The endpoints look fine; every connection is refused by the pod.
 */
import { podIp } from "../identity.js";
import { defineRule } from "../rule.js";
import { resolvePort } from "../probes.js";
import { endpointsOf, routesToPods, servicePorts } from "../traffic.js";
import { APP_FILES, SERVICE, WORLD, withFile } from "./fixtures.js";

export const serviceTargetPort = defineRule({
  code: "K8S031",
  name: "service-target-port",
  summary: "A Service's targetPort is not where the app listens (or names no container port): connections are refused",
  stage: "traffic",
  severity: "error",
  phase: "route",
  needsWorld: true,
  appliesTo: routesToPods,
  check(ctx) {
    for (const svc of ctx.objects) {
      const endpoints = endpointsOf(ctx.cluster, svc);
      if (endpoints.state !== "ready") {
        ctx.undecided(svc);
        continue;
      }
      for (const { spec, index } of servicePorts(svc)) {
        const target = spec["targetPort"] ?? spec["port"];
        const path = ["spec", "ports", index, spec["targetPort"] === undefined ? "port" : "targetPort"];
        const curl = `curl: (7) Failed to connect to ${svc.name} port ${String(spec["port"])} after 1 ms: Connection refused`;
        const pod = endpoints.pods[0]!;
        const containers = ctx.cluster.containers(pod);
        const resolved = containers.map((c) => ({ c, port: resolvePort(c, target), listening: ctx.cluster.listeningPort(c) }));
        const landing = resolved.filter((r) => r.port !== undefined);
        if (landing.length === 0) {
          ctx.report(svc, path, `Service "${svc.name}" port ${String(spec["port"])}: TargetPort ${String(target)}/TCP names no container port of ${pod.kind.toLowerCase()}/${pod.name}, Endpoints: <none>\n${curl}`);
          continue;
        }
        const port = landing[0]!.port!;
        if (resolved.every((r) => r.listening === undefined)) {
          ctx.undecided(svc);
          continue;
        }
        if (resolved.some((r) => r.listening === port)) continue;
        const endpoint = `${podIp(pod)}:${port}`;
        ctx.report(svc, path, `Service "${svc.name}" port ${String(spec["port"])} → TargetPort ${port}/TCP, Endpoints: ${endpoint}\n${curl}`, {
          log: `$ kubectl get endpoints ${svc.name}\nNAME            ENDPOINTS              AGE\n${svc.name.padEnd(16)}${endpoint.padEnd(23)}2m\n\n$ curl http://${svc.name}:${String(spec["port"])}/\n${curl}`,
        });
      }
    }
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
        message: "Connection refused",
      },
      { name: "no targetPort: the port itself", files: withFile("k8s/service.yaml", SERVICE.replace("      targetPort: http\n", "")), world: WORLD, line: 10, message: "TargetPort 80/TCP" },
      { name: "unknown port name", files: withFile("k8s/service.yaml", SERVICE.replace("targetPort: http", "targetPort: web")), world: WORLD, message: "TargetPort web/TCP names no container port" },
    ],
  },
});
