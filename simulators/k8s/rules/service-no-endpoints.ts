/**
 * K8S030: a Service whose selector matches no running pod (labels differ, or the Deployment has 0
 * replicas). kubectl get endpoints shows <none>; kube-proxy rejects connections to it.
 */
import { scheduledCounts, TOO_MANY_PODS } from "../capacity.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { clusterIp, podName } from "../identity.js";
import { routesToPods } from "../traffic.js";
import { formatLabels } from "../workload.js";
import { APP_FILES, DEPLOYMENT, SERVICE, WORLD, withFile } from "./fixtures.js";

export const serviceNoEndpoints = k8sRule({
  code: "K8S030",
  name: "service-no-endpoints",
  summary: "A Service's selector matches no running pod: it has no endpoints and every connection is refused",
  stage: "traffic",
  severity: "error",
  phase: "route",
  applies: objectsWhere(routesToPods),
  on: {
    "service-routed"(e, ctx) {
      const svc = e.object;
      // Linting alone, a Service may select pods that other repositories deploy: judge only when these files run some.
      if (!ctx.worldKnown && e.workloads.length === 0) return ctx.undecided();
      const { endpoints } = e;
      if (endpoints.state === "unknown") ctx.undecided();
      if (endpoints.state !== "none") return;
      const port = e.ports[0]?.port ?? 80;
      // Every replica is a pod of its own (a Deployment with replicas: 3 shows three), listed by name as kubectl
      // does; the node runs NODE_MAX_PODS at most, so the pods past its room are counted, not listed.
      const running = scheduledCounts(e.workloads.map((w) => w.pods));
      const pods = e.workloads
        .flatMap((w, i) => Array.from({ length: running[i]! }, (_, j) => ({ name: podName(w.object, j), labels: formatLabels(w.labels) })))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((p) => `${p.name.padEnd(32)} 1/1     Running   0          2m    ${p.labels}`);
      const pending = e.workloads.reduce((sum, w, i) => sum + Math.max(0, w.pods - running[i]!), 0);
      if (pending > 0) pods.push(`(${pending} more pods Pending: ${TOO_MANY_PODS})`);
      const log = [
        `$ kubectl get endpoints ${svc.name}`,
        "NAME".padEnd(16) + "ENDPOINTS   AGE",
        svc.name.padEnd(16) + "<none>      2m",
        "",
        "$ kubectl get pods --show-labels",
        `${"NAME".padEnd(32)} READY   STATUS    RESTARTS   AGE   LABELS`,
        ...pods,
        "",
        `$ curl http://${svc.name}:${String(port)}/`,
        `curl: (7) Failed to connect to ${svc.name} port ${String(port)} after 1 ms: Connection refused`,
      ].join("\n");
      const why = endpoints.matched.length > 0 ? ` (${endpoints.matched.map((w) => `${w.kind.toLowerCase()}.apps/${w.name}`).join(", ")} has 0 replicas)` : "";
      ctx.report(at(svc, ["spec", "selector"]), `Service "${svc.name}" (ClusterIP ${clusterIp(svc.namespace, svc.name)}): Selector: ${formatLabels(e.selector)}, Endpoints: <none>${why}`, { log });
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
    ],
    invalid: [
      {
        name: "selector app: api, pods app: web",
        files: withFile("k8s/service.yaml", SERVICE.replace("    app: web", "    app: api")),
        world: WORLD,
        file: "k8s/service.yaml",
        line: 6,
        message: "Selector: app=api, Endpoints: <none>",
      },
      { name: "replicas: 0", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("replicas: 2", "replicas: 0")), world: WORLD, message: "has 0 replicas" },
    ],
  },
});
