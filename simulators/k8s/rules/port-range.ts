/** K8S012: a port number outside 1-65535 (or a nodePort outside 30000-32767); the API server refuses the object. */
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { arrayAt, formatPath, isObject, type FieldPath, type K8sObject } from "../object.js";
import { runsPods, type ContainerRef } from "../workload.js";
import { APP_FILES, DEPLOYMENT, SERVICE, WORLD } from "./fixtures.js";

const PROBES = ["livenessProbe", "readinessProbe", "startupProbe"] as const;

/** Every numeric port field of the object, with its path and the range it must lie in. */
function ports(o: K8sObject, containers: readonly ContainerRef[]): { path: FieldPath; value: number; nodePort?: boolean }[] {
  const out: { path: FieldPath; value: number; nodePort?: boolean }[] = [];
  const add = (path: FieldPath, value: unknown, nodePort = false) => {
    if (typeof value === "number") out.push({ path, value, nodePort });
  };
  for (const c of containers) {
    arrayAt(c.container, ["ports"]).forEach((p, i) => {
      if (!isObject(p)) return;
      add([...c.path, "ports", i, "containerPort"], p["containerPort"]);
      // hostPort 0 means "no host port".
      if (p["hostPort"] !== 0) add([...c.path, "ports", i, "hostPort"], p["hostPort"]);
    });
    for (const probe of PROBES) {
      for (const handler of ["httpGet", "tcpSocket", "grpc"]) {
        const p = c.container[probe];
        if (isObject(p) && isObject(p[handler])) add([...c.path, probe, handler, "port"], (p[handler] as Record<string, unknown>)["port"]);
      }
    }
  }
  if (o.kind === "Service") {
    arrayAt(o.value, ["spec", "ports"]).forEach((p, i) => {
      if (!isObject(p)) return;
      add(["spec", "ports", i, "port"], p["port"]);
      add(["spec", "ports", i, "targetPort"], p["targetPort"]);
      add(["spec", "ports", i, "nodePort"], p["nodePort"], true);
    });
  }
  return out;
}

export const portRange = k8sRule({
  code: "K8S012",
  name: "port-range",
  summary: "A container, probe or Service port is outside 1-65535, or a nodePort outside 30000-32767",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  applies: objectsWhere((o) => runsPods(o) || o.kind === "Service"),
  on: {
    "object-validated"(e, ctx) {
      const o = e.object;
      for (const p of ports(o, e.containers)) {
        const where = `${formatPath(p.path)}: Invalid value: ${p.value}`;
        if (p.nodePort && p.value !== 0 && (p.value < 30000 || p.value > 32767)) {
          ctx.report(at(o, p.path), isInvalid(o, `${where}: provided port is not in the valid range. The range of valid ports is 30000-32767`));
        } else if (!p.nodePort && (p.value < 1 || p.value > 65535)) {
          ctx.report(at(o, p.path), isInvalid(o, `${where}: must be between 1 and 65535, inclusive`));
        }
      }
    },
  },
  cases: {
    valid: [{ files: APP_FILES, world: WORLD }],
    invalid: [
      {
        name: "containerPort too large",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("containerPort: 8080", "containerPort: 80800") },
        file: "k8s/deployment.yaml",
        line: 22,
        message: "spec.template.spec.containers[0].ports[0].containerPort: Invalid value: 80800: must be between 1 and 65535, inclusive",
      },
      { name: "Service port zero", files: { "k8s/service.yaml": SERVICE.replace("port: 80", "port: 0") }, line: 10, message: "spec.ports[0].port: Invalid value: 0" },
      { name: "nodePort out of range", files: { "k8s/service.yaml": SERVICE.replace("spec:\n", "spec:\n  type: NodePort\n").replace("targetPort: http", "targetPort: http\n      nodePort: 8080") }, message: "The range of valid ports is 30000-32767" },
    ],
  },
});
