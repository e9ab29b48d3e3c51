/**
 * The cluster family: kubectl against the simulated cluster the manifests were applied to. `get` prints
 * kubectl's tables from the simulation's facts (pods and their outcome, workloads, Services and their
 * endpoints, Ingresses, policies, ConfigMaps and Secrets with the world's, the ingress classes installed,
 * the node); `describe pod` and `logs` answer with what the kubelet reported for a failing pod, `top pod`
 * with the memory the app settles at. RBAC, CPU use and a healthy app's own log lines are not modelled, and
 * the answers say so.
 */
import { clusterIp, podName, replicaSetName } from "../k8s/identity.js";
import { describePod, eventsTable, startEvents } from "../k8s/messages.js";
import type { K8sObject } from "../k8s/object.js";
import { arrayAt, isObject, labelsAt, stringAt } from "../k8s/object.js";
import type { ContainerRef } from "../k8s/workload.js";
import type { CommandFamily, CommandOutput, InspectionContext } from "./context.js";
import { failed, ok } from "./context.js";
import type { ClusterView, PodView } from "./cluster-view.js";
import { clusterView, normaliseCommand, podStatus } from "./cluster-view.js";
import { table as cliTable } from "./gh.js";

const table = (rows: readonly (readonly string[])[]) => cliTable(rows, 3);

const AGE = "2m";

const RESOURCES: Record<string, string> = {
  po: "pods", pod: "pods", pods: "pods",
  deploy: "deployments", deployment: "deployments", deployments: "deployments",
  rs: "replicasets", replicaset: "replicasets", replicasets: "replicasets",
  svc: "services", service: "services", services: "services",
  ep: "endpoints", endpoints: "endpoints",
  ing: "ingresses", ingress: "ingresses", ingresses: "ingresses",
  ingressclass: "ingressclasses", ingressclasses: "ingressclasses",
  netpol: "networkpolicies", networkpolicy: "networkpolicies", networkpolicies: "networkpolicies",
  cm: "configmaps", configmap: "configmaps", configmaps: "configmaps",
  secret: "secrets", secrets: "secrets",
  no: "nodes", node: "nodes", nodes: "nodes",
  ev: "events", event: "events", events: "events",
};

const KINDS: Record<string, string> = {
  deployments: "Deployment", services: "Service", ingresses: "Ingress", networkpolicies: "NetworkPolicy", configmaps: "ConfigMap", secrets: "Secret",
};

const CONTROLLERS: Record<string, string> = { nginx: "k8s.io/ingress-nginx", traefik: "traefik.io/ingress-controller", haproxy: "haproxy.org/ingress-controller/haproxy" };

function notFound(resource: string, name: string): CommandOutput {
  return failed(`Error from server (NotFound): ${resource} "${name}" not found\n`);
}

function objectsOf(view: ClusterView, kind: string): K8sObject[] {
  return view.applied.filter((o) => o.kind === kind).sort((a, b) => (a.name < b.name ? -1 : 1));
}

function ports(svc: K8sObject): string {
  const list = arrayAt(svc.value, ["spec", "ports"]).filter(isObject);
  return list.map((p) => `${String(p["port"])}${p["nodePort"] ? `:${String(p["nodePort"])}` : ""}/${String(p["protocol"] ?? "TCP")}`).join(",") || "<none>";
}

function endpoints(view: ClusterView, svc: K8sObject): string {
  const routed = view.services.find((s) => s.object === svc);
  if (!routed || routed.endpoints.state === "unknown") return "<unknown>";
  if (routed.endpoints.state === "none") return "<none>";
  const targets = routed.ports.map((p) => p.backend?.containers[0]?.target ?? p.target);
  const pods = view.pods.filter((p) => routed.endpoints.state === "ready" && routed.endpoints.pods.includes(p.workload));
  const { podIp } = IDENTITY;
  const list = pods.flatMap((p) => targets.map((t) => `${podIp(p)}:${String(t)}`));
  return list.length > 3 ? `${list.slice(0, 3).join(",")} + ${list.length - 3} more...` : list.join(",");
}

/** Pod IPs for every replica: the simulator's own for the first pod, the next addresses for the others. */
const IDENTITY = {
  podIp(p: PodView): string {
    let h = 0;
    for (const ch of p.name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return `10.244.0.${2 + (h % 250)}`;
  },
};

function get(view: ClusterView, ctx: InspectionContext, resource: string, name: string | undefined, flags: readonly string[]): CommandOutput {
  const wide = flags.includes("-o=wide") || flags.includes("wide");
  const showLabels = flags.includes("--show-labels");
  const named = <T extends { name: string }>(rows: T[]): T[] | null => {
    if (name === undefined) return rows;
    const one = rows.filter((r) => r.name === name);
    return one.length > 0 ? one : null;
  };
  const empty = (rows: unknown[]) => rows.length === 0 && name === undefined;
  const none = ok(`No resources found in ${ctx.world.cluster.namespace} namespace.\n`);
  switch (resource) {
    case "pods": {
      const pods = named(view.pods.map((p) => ({ ...p })));
      if (pods === null) return notFound("pods", name!);
      if (empty(pods)) return none;
      const header = ["NAME", "READY", "STATUS", "RESTARTS", "AGE", ...(wide ? ["IP", "NODE"] : []), ...(showLabels ? ["LABELS"] : [])];
      const rows = pods.map((p) => {
        const s = podStatus(p);
        const labels = Object.entries(labelsAt(p.workload.value, p.workload.kind === "Pod" ? ["metadata", "labels"] : ["spec", "template", "metadata", "labels"]));
        return [p.name, s.ready, s.status, s.restarts, AGE, ...(wide ? [IDENTITY.podIp(p), "node-1"] : []), ...(showLabels ? [labels.map(([k, v]) => `${k}=${v}`).sort().join(",") || "<none>"] : [])];
      });
      return ok(table([header, ...rows]));
    }
    case "deployments":
    case "replicasets": {
      const deploys = named(objectsOf(view, "Deployment").map((o) => ({ o, name: resource === "deployments" ? o.name : replicaSetName(o) })));
      if (deploys === null) return notFound(resource === "deployments" ? "deployments.apps" : "replicasets.apps", name!);
      if (empty(deploys)) return none;
      const rows = deploys.map(({ o, name: n }) => {
        const pods = view.pods.filter((p) => p.workload === o);
        const ready = pods.filter((p) => p.status === "Ready").length;
        return resource === "deployments" ? [n, `${ready}/${pods.length}`, String(pods.length), String(ready), AGE] : [n, String(pods.length), String(pods.length), String(ready), AGE];
      });
      const header = resource === "deployments" ? ["NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"] : ["NAME", "DESIRED", "CURRENT", "READY", "AGE"];
      return ok(table([header, ...rows]));
    }
    case "services": {
      const svcs = named(objectsOf(view, "Service"));
      if (svcs === null) return notFound("services", name!);
      if (empty(svcs)) return none;
      const rows = svcs.map((s) => [s.name, stringAt(s.value, ["spec", "type"]) ?? "ClusterIP", clusterIp(s.namespace, s.name), "<none>", ports(s), AGE]);
      return ok(table([["NAME", "TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)", "AGE"], ...rows]));
    }
    case "endpoints": {
      const svcs = named(objectsOf(view, "Service"));
      if (svcs === null) return notFound("endpoints", name!);
      if (empty(svcs)) return none;
      return ok(table([["NAME", "ENDPOINTS", "AGE"], ...svcs.map((s) => [s.name, endpoints(view, s), AGE])]));
    }
    case "ingresses": {
      const ings = named(objectsOf(view, "Ingress"));
      if (ings === null) return notFound("ingresses.networking.k8s.io", name!);
      if (empty(ings)) return none;
      const rows = ings.map((i) => {
        const routed = view.ingresses.find((r) => r.object === i);
        const hosts = arrayAt(i.value, ["spec", "rules"]).filter(isObject).map((r) => (typeof r["host"] === "string" ? r["host"] : "*"));
        return [i.name, routed?.ingressClass.name ?? "<none>", [...new Set(hosts)].join(",") || "*", "", arrayAt(i.value, ["spec", "tls"]).length > 0 ? "80, 443" : "80", AGE];
      });
      return ok(table([["NAME", "CLASS", "HOSTS", "ADDRESS", "PORTS", "AGE"], ...rows]));
    }
    case "ingressclasses": {
      const installed = ctx.world.cluster.ingress_classes.map((n) => ({ name: n }));
      const classes = named(installed);
      if (classes === null) return notFound("ingressclasses.networking.k8s.io", name!);
      if (classes.length === 0) return ok("No resources found\n");
      return ok(table([["NAME", "CONTROLLER", "PARAMETERS", "AGE"], ...classes.map((c) => [c.name, (ownEntry(CONTROLLERS, c.name) ?? "<unknown>"), "<none>", "30d"])]));
    }
    case "networkpolicies": {
      const pols = named(objectsOf(view, "NetworkPolicy"));
      if (pols === null) return notFound("networkpolicies.networking.k8s.io", name!);
      if (empty(pols)) return none;
      const rows = pols.map((p) => {
        const sel = Object.entries(labelsAt(p.value, ["spec", "podSelector", "matchLabels"])).map(([k, v]) => `${k}=${v}`).join(",");
        return [p.name, sel || "<none>", AGE];
      });
      return ok(table([["NAME", "POD-SELECTOR", "AGE"], ...rows]));
    }
    case "configmaps":
    case "secrets": {
      const kind = KINDS[resource]!;
      const world = resource === "configmaps" ? ctx.world.cluster.configmaps : ctx.world.cluster.secrets;
      const fromWorld = Object.entries(world).map(([n, data]) => ({ name: n, keys: Array.isArray(data) ? data.length : Object.keys(data).length, type: "Opaque", age: "30d" }));
      const fromManifests = objectsOf(view, kind).map((o) => ({
        name: o.name,
        keys: Object.keys({ ...(isObject(o.value["data"]) ? o.value["data"] : {}), ...(isObject(o.value["stringData"]) ? o.value["stringData"] : {}) }).length,
        type: stringAt(o.value, ["type"]) ?? "Opaque",
        age: AGE,
      }));
      const all = [...new Map([...fromWorld, ...fromManifests].map((r) => [r.name, r])).values()].sort((a, b) => (a.name < b.name ? -1 : 1));
      if (resource === "configmaps" && !all.some((r) => r.name === "kube-root-ca.crt")) all.unshift({ name: "kube-root-ca.crt", keys: 1, type: "", age: "30d" });
      const rows = named(all);
      if (rows === null) return notFound(resource, name!);
      if (resource === "configmaps") return ok(table([["NAME", "DATA", "AGE"], ...rows.map((r) => [r.name, String(r.keys), r.age])]));
      if (rows.length === 0) return none;
      return ok(table([["NAME", "TYPE", "DATA", "AGE"], ...rows.map((r) => [r.name, r.type, String(r.keys), r.age])]));
    }
    case "nodes": {
      if (name !== undefined && name !== "node-1") return notFound("nodes", name);
      return ok(table([["NAME", "STATUS", "ROLES", "AGE", "VERSION"], ["node-1", "Ready", "control-plane", "30d", "v1.31.0"]]));
    }
    case "events": {
      const rows: string[][] = [];
      for (const [command, body] of view.sections) {
        const pod = /^kubectl describe pod (\S+)$/.exec(command)?.[1];
        if (!pod) continue;
        for (const line of body.split("\n").slice(body.split("\n").findIndex((l) => l.startsWith("  ----")) + 1)) {
          const m = /^ {2}(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(.*)$/.exec(line);
          if (m) rows.push([m[3]!, m[1]!, m[2]!, `pod/${pod}`, m[5]!]);
        }
      }
      if (rows.length === 0) return ok(`No events found in ${ctx.world.cluster.namespace} namespace.\n(events are modelled for failing pods only)\n`);
      return ok(table([["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"], ...rows]));
    }
    default:
      return failed(`error: the server doesn't have a resource type "${resource}"\n`);
  }
}

function findPod(view: ClusterView, name: string): PodView | undefined {
  return view.pods.find((p) => p.name === name) ?? view.pods.find((p) => p.workload.name === name);
}

function firstContainer(o: K8sObject): ContainerRef | undefined {
  const path = o.kind === "Pod" ? ["spec", "containers"] : o.kind === "CronJob" ? ["spec", "jobTemplate", "spec", "template", "spec", "containers"] : ["spec", "template", "spec", "containers"];
  const list = arrayAt(o.value, path);
  const c = list.find(isObject);
  return c ? ({ container: c, name: typeof c["name"] === "string" ? c["name"] : "app", index: 0, init: false, path: [...path, 0] } as unknown as ContainerRef) : undefined;
}

function describe(view: ClusterView, resource: string, name: string | undefined, command: string): CommandOutput {
  const known = view.sections.get(command);
  if (known !== undefined) return ok(known);
  if (resource !== "pods") {
    return failed(`kubectl describe ${resource}: only pods are described here; use kubectl get ${resource} and cat the manifest\n`);
  }
  if (name === undefined) return failed("kubectl describe pod: name a pod (kubectl get pods lists them)\n");
  const pod = findPod(view, name);
  if (!pod) return notFound("pods", name);
  const again = view.sections.get(`kubectl describe pod ${pod.name}`) ?? (pod.workload.name === name ? view.sections.get(`kubectl describe pod ${podName(pod.workload)}`) : undefined);
  if (again !== undefined && pod.status !== "Ready") return ok(again.replace(podName(pod.workload), pod.name));
  const c = firstContainer(pod.workload);
  if (!c) return failed(`pod ${pod.name} has no containers the simulation can describe\n`);
  if (pod.status !== "Ready") {
    return ok(`Name:             ${pod.name}\nStatus:           ${pod.status}\n(the simulation reports this pod as ${pod.status}; the details of this state are not modelled)\n`);
  }
  const image = typeof c.container["image"] === "string" ? c.container["image"] : "";
  const text = describePod(pod.workload, c, ["State:          Running", "Ready:          True", "Restart Count:  0"], startEvents(pod.workload, c, image));
  return ok(text.replace(/^\$ [^\n]*\n/, "").replaceAll(podName(pod.workload), pod.name) + "\n");
}

function logs(view: ClusterView, args: readonly string[], command: string): CommandOutput {
  const name = args.find((a, i) => !a.startsWith("-") && args[i - 1] !== "-c" && args[i - 1] !== "--container");
  if (name === undefined) return failed("error: expected 'logs [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\n");
  const podRef = name.replace(/^(pod|deploy|deployment)\//, "");
  const pod = findPod(view, podRef);
  if (!pod) return notFound("pods", podRef);
  const previous = args.includes("-p") || args.includes("--previous");
  const key = normaliseCommand(["kubectl", "logs", podName(pod.workload), ...(previous ? ["--previous"] : [])]);
  const known = view.sections.get(command) ?? view.sections.get(key) ?? view.sections.get(normaliseCommand(["kubectl", "logs", podName(pod.workload), "--previous"]));
  if (known !== undefined) return ok(known);
  if (previous) return failed(`Error from server (BadRequest): previous terminated container in pod "${pod.name}" not found\n`);
  return ok(`(pod ${pod.name} is ${podStatus(pod).status}; the simulation models whether its app starts and serves, not the app's own log lines)\n`);
}

function top(view: ClusterView, ctx: InspectionContext, what: string | undefined): CommandOutput {
  if (what === "node" || what === "nodes") {
    return ok(table([["NAME", "CPU(cores)", "CPU(%)", "MEMORY(bytes)", "MEMORY(%)"], ["node-1", "<unknown>", "<unknown>", "<unknown>", "<unknown>"]]) + `(node capacity: ${ctx.world.cluster.node.cpu_millicores}m CPU, ${ctx.world.cluster.node.memory_mib}Mi memory; its use is not modelled)\n`);
  }
  const rows = view.pods.map((p) => {
    const used = view.memory.find((m) => m.object === p.workload)?.containers.reduce<number | undefined>((sum, c) => (c.used === undefined ? sum : (sum ?? 0) + c.used), undefined);
    return [p.name, "<unknown>", used === undefined ? "<unknown>" : `${Math.round(used / 1024 / 1024)}Mi`];
  });
  if (rows.length === 0) return ok(`No resources found in ${ctx.world.cluster.namespace} namespace.\n`);
  return ok(table([["NAME", "CPU(cores)", "MEMORY(bytes)"], ...rows]) + "(CPU use is not modelled; memory is what the app settles at once started)\n");
}

export const CLUSTER_FAMILY: CommandFamily = {
  family: "cluster",
  supported: [
    "kubectl get pods|deploy|rs|svc|endpoints|ingress|ingressclass|networkpolicy|configmap|secret|nodes|events [NAME] [-o wide] [--show-labels]",
    "kubectl describe pod NAME",
    "kubectl logs POD [--previous]",
    "kubectl top pod|node",
  ],
  programs: ["kubectl"],
  run(argv, _stdin, ctx) {
    const args = argv.slice(1).filter((a, i, all) => !(a === "-n" || a === "--namespace" || all[i - 1] === "-n" || all[i - 1] === "--namespace" || a.startsWith("--namespace=")));
    const [verb, ...rest] = args;
    const operands = rest.filter((a, i) => !a.startsWith("-") && rest[i - 1] !== "-o" && rest[i - 1] !== "-l");
    const flags = rest.filter((a) => a.startsWith("-") || a === "wide").map((a) => (a === "-owide" ? "-o=wide" : a));
    const [rawResource, rawName] = (operands[0] ?? "").includes("/") ? (operands[0]!.split("/") as [string, string]) : [operands[0], operands[1]];
    const resource = rawResource === undefined ? undefined : ownEntry(RESOURCES, rawResource.toLowerCase().split(".")[0]!);
    const command = normaliseCommand(["kubectl", ...args]);
    if (verb === "get" || verb === "describe") {
      if (rawResource === undefined) return failed(`error: Required resource not specified.\n`);
      if (resource === undefined) return failed(`error: the server doesn't have a resource type "${rawResource}"\n`);
      const view = clusterView(ctx);
      return verb === "get" ? get(view, ctx, resource, rawName, flags) : describe(view, resource, rawName, command);
    }
    if (verb === "logs") return logs(clusterView(ctx), rest, command);
    if (verb === "top") return top(clusterView(ctx), ctx, operands[0]);
    if (verb === "auth") return failed("kubectl auth can-i: RBAC is not part of the simulated cluster (every manifest is applied with cluster-admin rights)\n");
    return failed(`kubectl ${verb ?? ""}: not supported here. Supported: ${CLUSTER_FAMILY.supported.join("; ")}\n`);
  },
};

export { eventsTable };

/** `table[key]` when the table itself holds it: a resource named `constructor` is unknown, not a function. */
function ownEntry(table: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
