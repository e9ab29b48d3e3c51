/**
 * `kubectl describe`: a pod (the kubelet's state and events; a failing pod's as the simulators printed it),
 * and the objects around it in kubectl's layout: a Deployment's pod template, a Service's selector, ports and
 * endpoints, an Ingress's class and backends, a NetworkPolicy's rules, the node's capacity and what the pods
 * request of it, a ConfigMap's data, a Secret's keys and sizes (never its values). What the simulation does
 * not hold (creation times, annotations nobody wrote) is left out rather than made up.
 */
import { clusterIp, podName, replicaSetName } from "../k8s/identity.js";
import { describePod, startEvents } from "../k8s/messages.js";
import type { JsonObject, K8sObject } from "../k8s/object.js";
import { arrayAt, isObject, labelsAt, objectAt, stringAt } from "../k8s/object.js";
import { parseQuantity, MIB } from "../k8s/quantity.js";
import type { ContainerRef } from "../k8s/workload.js";
import { containersOf, formatLabels, podLabels } from "../k8s/workload.js";
import { NODE_MAX_PODS } from "../k8s/capacity.js";
import type { ClusterView, PodView } from "./cluster-view.js";
import { findPod, groupOf, podTotal, readyCount } from "./cluster-view.js";
import { MAX_INSPECT_OUTPUT_CHARS } from "./limits.js";
import type { CommandOutput, InspectionContext } from "./context.js";
import { failed, ok } from "./context.js";
import { endpointAddresses, KINDS, notFound, objectsOf } from "./kubectl-shared.js";
import { joinLines } from "./text.js";

/** `Label:` padded to kubectl's column. */
const field = (label: string, value: string, width = 18) => `${`${label}:`.padEnd(width)}${value}`;

function describeOnePod(view: ClusterView, name: string): CommandOutput {
  const pod = findPod(view, name);
  if (!pod) return notFound("pods", name);
  const again = view.sections.get(`kubectl describe pod ${pod.name}`) ?? (pod.workload.name === name ? view.sections.get(`kubectl describe pod ${podName(pod.workload)}`) : undefined);
  if (again !== undefined && pod.status !== "Ready") return ok(again.replace(podName(pod.workload), pod.name));
  const c = containersOf(pod.workload).find((x) => !x.init);
  if (!c) return failed(`pod ${pod.name} has no containers the simulation can describe\n`);
  if (pod.unschedulable !== undefined) {
    // Past the node's room: never scheduled, so no node, no container state, one event from the scheduler.
    const text = describePod(pod.workload, c, ["State:          Waiting", "Ready:          False"], [{ type: "Warning", reason: "FailedScheduling", from: "default-scheduler", message: pod.unschedulable }]);
    return ok(text.replace(/^\$ [^\n]*\n/, "").replace(/^Node: .*$/m, "Node:             <none>").replaceAll(podName(pod.workload), pod.name) + "\n");
  }
  if (pod.status !== "Ready") {
    return ok(`Name:             ${pod.name}\nStatus:           ${pod.status}\n(the simulation reports this pod as ${pod.status}; the details of this state are not modelled)\n`);
  }
  const image = typeof c.container["image"] === "string" ? c.container["image"] : "";
  const text = describePod(pod.workload, c, ["State:          Running", "Ready:          True", "Restart Count:  0"], startEvents(pod.workload, c, image));
  return ok(text.replace(/^\$ [^\n]*\n/, "").replaceAll(podName(pod.workload), pod.name) + "\n");
}

/** A probe as kubectl summarises it: `http-get http://:8080/healthz delay=10s timeout=1s period=10s #success=1 #failure=3`. */
function probeLine(probe: unknown): string | undefined {
  if (!isObject(probe)) return undefined;
  const timing = `delay=${String(probe["initialDelaySeconds"] ?? 0)}s timeout=${String(probe["timeoutSeconds"] ?? 1)}s period=${String(probe["periodSeconds"] ?? 10)}s #success=${String(probe["successThreshold"] ?? 1)} #failure=${String(probe["failureThreshold"] ?? 3)}`;
  const http = objectAt(probe, ["httpGet"]);
  if (http) return `http-get http://:${String(http["port"])}${String(http["path"] ?? "/")} ${timing}`;
  const tcp = objectAt(probe, ["tcpSocket"]);
  if (tcp) return `tcp-socket :${String(tcp["port"])} ${timing}`;
  const exec = objectAt(probe, ["exec"]);
  if (exec) return `exec [${arrayAt(exec, ["command"]).map(String).join(" ")}] ${timing}`;
  return undefined;
}

function resourceLines(title: string, values: JsonObject | undefined): string[] {
  if (!values || Object.keys(values).length === 0) return [];
  return [`    ${title}:`, ...Object.entries(values).map(([k, v]) => `      ${`${k}:`.padEnd(8)}${String(v)}`)];
}

function envLines(c: JsonObject): string[] {
  const from = arrayAt(c, ["envFrom"]).filter(isObject).flatMap((e) => {
    const cm = objectAt(e, ["configMapRef"]);
    const secret = objectAt(e, ["secretRef"]);
    const ref = cm ?? secret;
    if (!ref) return [];
    return [`      ${String(ref["name"])}  ${cm ? "ConfigMap" : "Secret"}  Optional: ${ref["optional"] === true ? "true" : "false"}`];
  });
  const env = arrayAt(c, ["env"]).filter(isObject).map((e) => {
    const fromKey = objectAt(e, ["valueFrom", "secretKeyRef"]) ?? objectAt(e, ["valueFrom", "configMapKeyRef"]);
    const which = objectAt(e, ["valueFrom", "secretKeyRef"]) ? "secret" : "config map";
    const value = fromKey ? `<set to the key '${String(fromKey["key"])}' in ${which} '${String(fromKey["name"])}'>  Optional: false` : String(e["value"] ?? "");
    return `      ${String(e["name"])}:  ${value}`;
  });
  return [...(from.length > 0 ? ["    Environment Variables from:", ...from] : []), `    Environment:${env.length === 0 ? "  <none>" : ""}`, ...env];
}

/** A container of a pod template, as `kubectl describe deployment` lists it. */
function containerBlock(ref: ContainerRef): string[] {
  const c = ref.container;
  const ports = arrayAt(c, ["ports"]).filter(isObject).map((p) => `${String(p["containerPort"])}/${String(p["protocol"] ?? "TCP")}${typeof p["name"] === "string" ? ` (${p["name"]})` : ""}`);
  const command = arrayAt(c, ["command"]).map(String);
  const args = arrayAt(c, ["args"]).map(String);
  return [
    `   ${ref.name}:`,
    `    Image:      ${stringAt(c, ["image"]) ?? "<none>"}`,
    `    Port:       ${ports.join(", ") || "<none>"}`,
    ...(command.length > 0 ? ["    Command:", ...command.map((w) => `      ${w}`)] : []),
    ...(args.length > 0 ? ["    Args:", ...args.map((w) => `      ${w}`)] : []),
    ...resourceLines("Limits", objectAt(c, ["resources", "limits"])),
    ...resourceLines("Requests", objectAt(c, ["resources", "requests"])),
    ...(["livenessProbe", "readinessProbe", "startupProbe"] as const).flatMap((k) => {
      const line = probeLine(c[k]);
      return line ? [`    ${`${k.replace("Probe", "").replace(/^./, (x) => x.toUpperCase())}:`.padEnd(12)}${line}`] : [];
    }),
    ...envLines(c),
  ];
}

function describeDeployment(view: ClusterView, d: K8sObject): string {
  const group = groupOf(view, d);
  const count = group?.count ?? 0;
  const ready = group === undefined ? 0 : readyCount(group);
  const selector = labelsAt(d.value, ["spec", "selector", "matchLabels"]);
  return joinLines([
    field("Name", d.name, 24),
    field("Namespace", d.namespace, 24),
    field("Labels", formatLabels(labelsAt(d.value, ["metadata", "labels"])), 24),
    field("Selector", formatLabels(selector), 24),
    field("Replicas", `${count} desired | ${count} updated | ${count} total | ${ready} available | ${count - ready} unavailable`, 24),
    field("StrategyType", stringAt(d.value, ["spec", "strategy", "type"]) ?? "RollingUpdate", 24),
    "Pod Template:",
    `  Labels:  ${formatLabels(podLabels(d))}`,
    "  Containers:",
    ...containersOf(d).filter((c) => !c.init).flatMap(containerBlock),
    "Conditions:",
    "  Type           Status  Reason",
    "  ----           ------  ------",
    `  Available      ${ready === count && count > 0 ? "True    MinimumReplicasAvailable" : "False   MinimumReplicasUnavailable"}`,
    "  Progressing    True    NewReplicaSetAvailable",
    `NewReplicaSet:   ${replicaSetName(d)} (${count}/${count} replicas created)`,
    "Events:",
    "  Type    Reason             Age   From                   Message",
    "  ----    ------             ----  ----                   -------",
    `  Normal  ScalingReplicaSet  2m    deployment-controller  Scaled up replica set ${replicaSetName(d)} to ${count}`,
  ]);
}

function describeService(view: ClusterView, s: K8sObject): string {
  const ip = clusterIp(s.namespace, s.name);
  const addresses = endpointAddresses(view, s);
  const ports = arrayAt(s.value, ["spec", "ports"]).filter(isObject).flatMap((p) => {
    const protocol = String(p["protocol"] ?? "TCP");
    const name = typeof p["name"] === "string" ? p["name"] : "<unset>";
    const target = p["targetPort"] ?? p["port"];
    const own = addresses === null ? "<unknown>" : addresses.filter((a) => a.endsWith(`:${String(target)}`)).join(",") || (addresses.length > 0 ? addresses.join(",") : "<none>");
    return [field("Port", `${name}  ${String(p["port"])}/${protocol}`, 19), field("TargetPort", `${String(target)}/${protocol}`, 19), field("Endpoints", own, 19)];
  });
  return joinLines([
    field("Name", s.name, 19),
    field("Namespace", s.namespace, 19),
    field("Labels", formatLabels(labelsAt(s.value, ["metadata", "labels"])), 19),
    field("Annotations", "<none>", 19),
    field("Selector", formatLabels(labelsAt(s.value, ["spec", "selector"])), 19),
    field("Type", stringAt(s.value, ["spec", "type"]) ?? "ClusterIP", 19),
    field("IP Family Policy", "SingleStack", 19),
    field("IP Families", "IPv4", 19),
    field("IP", ip, 19),
    field("IPs", ip, 19),
    ...ports,
    field("Session Affinity", "None", 19),
    field("Events", "<none>", 19),
  ]);
}

function describeIngress(view: ClusterView, ing: K8sObject): string {
  const routed = view.ingresses.find((r) => r.object === ing);
  const cls = routed?.ingressClass;
  const served = cls?.name !== undefined && cls.installed.includes(cls.name);
  const services = objectsOf(view, "Service");
  const tls = arrayAt(ing.value, ["spec", "tls"]).filter(isObject).map((t) => `  ${String(t["secretName"] ?? "SNI")} terminates ${arrayAt(t, ["hosts"]).map(String).join(",")}`);
  const rules = arrayAt(ing.value, ["spec", "rules"]).filter(isObject).flatMap((rule) => {
    const host = typeof rule["host"] === "string" ? rule["host"] : "*";
    const paths = arrayAt(rule, ["http", "paths"]).filter(isObject).map((p) => {
      const svc = objectAt(p, ["backend", "service"]);
      const svcName = String(svc?.["name"] ?? "<none>");
      const port = objectAt(svc, ["port"]);
      const shownPort = String(port?.["number"] ?? port?.["name"] ?? "");
      const target = services.find((s) => s.name === svcName);
      const addresses = target ? endpointAddresses(view, target) : null;
      const detail = !target ? `<error: services "${svcName}" not found>` : addresses === null ? "<unknown>" : addresses.length === 0 ? "<none>" : addresses.join(",");
      return `${" ".repeat(24)}${String(p["path"] ?? "/")}   ${svcName}:${shownPort} (${detail})`;
    });
    return [`  ${host}`, ...paths];
  });
  return joinLines([
    field("Name", ing.name),
    field("Labels", formatLabels(labelsAt(ing.value, ["metadata", "labels"]))),
    field("Namespace", ing.namespace),
    field("Address", served ? "192.168.49.2" : ""),
    field("Ingress Class", cls?.name ?? "<none>"),
    field("Default backend", "<default>"),
    ...(tls.length > 0 ? ["TLS:", ...tls] : []),
    "Rules:",
    "  Host                  Path  Backends",
    "  ----                  ----  --------",
    ...rules,
    field("Annotations", "<none>"),
    field("Events", "<none>"),
  ]);
}

function peerLines(peer: JsonObject): string[] {
  const out: string[] = [];
  const ns = objectAt(peer, ["namespaceSelector"]);
  const pods = objectAt(peer, ["podSelector"]);
  const block = objectAt(peer, ["ipBlock"]);
  if (ns) out.push(`      NamespaceSelector: ${formatLabels(labelsAt(ns, ["matchLabels"]))}`);
  if (pods) out.push(`      PodSelector: ${formatLabels(labelsAt(pods, ["matchLabels"]))}`);
  if (block) out.push(`      IPBlock:`, `        CIDR: ${String(block["cidr"])}`, `        Except: ${arrayAt(block, ["except"]).map(String).join(", ")}`);
  return out;
}

function describeNetworkPolicy(p: K8sObject): string {
  const types = arrayAt(p.value, ["spec", "policyTypes"]).map(String);
  const ingress = arrayAt(p.value, ["spec", "ingress"]).filter(isObject);
  const isolatesIngress = types.length === 0 || types.includes("Ingress");
  const ruleLines = ingress.flatMap((rule) => {
    const ports = arrayAt(rule, ["ports"]).filter(isObject).map((x) => `    To Port: ${String(x["port"] ?? "<any>")}/${String(x["protocol"] ?? "TCP")}`);
    const from = arrayAt(rule, ["from"]).filter(isObject);
    return [
      ...(ports.length > 0 ? ports : ["    To Port: <any> (traffic allowed to all ports)"]),
      ...(from.length > 0 ? ["    From:", ...from.flatMap((peer, i) => [...(i > 0 ? ["    ----------"] : []), ...peerLines(peer)])] : ["    From: <any> (traffic not restricted by source)"]),
    ];
  });
  return joinLines([
    field("Name", p.name, 14),
    field("Namespace", p.namespace, 14),
    field("Labels", formatLabels(labelsAt(p.value, ["metadata", "labels"])), 14),
    field("Annotations", "<none>", 14),
    "Spec:",
    `  PodSelector:     ${formatLabels(labelsAt(p.value, ["spec", "podSelector", "matchLabels"])) === "<none>" ? "<none> (Allowing the specific traffic to all pods in this namespace)" : formatLabels(labelsAt(p.value, ["spec", "podSelector", "matchLabels"]))}`,
    ...(isolatesIngress ? ["  Allowing ingress traffic:", ...(ruleLines.length > 0 ? ruleLines : ["    <none> (Selected pods are isolated for ingress connectivity)"])] : ["  Not affecting ingress traffic"]),
    types.includes("Egress") ? "  Allowing egress traffic:\n    <none> (Selected pods are isolated for egress connectivity)" : "  Not affecting egress traffic",
    `  Policy Types: ${(types.length > 0 ? types : ["Ingress"]).join(", ")}`,
  ]);
}

function describeNode(view: ClusterView, ctx: InspectionContext): string {
  const { memory_mib: memory, cpu_millicores: cpu } = ctx.world.cluster.node;
  let cpuRequests = 0;
  let memRequests = 0;
  let memLimits = 0;
  // Per pod template, times the pods of it the node runs.
  for (const g of view.groups) {
    for (const c of containersOf(g.workload).filter((x) => !x.init)) {
      cpuRequests += Math.round((parseQuantity(valueOf(c.container, ["resources", "requests", "cpu"])) ?? 0) * 1000) * g.scheduled;
      memRequests += (parseQuantity(valueOf(c.container, ["resources", "requests", "memory"])) ?? 0) * g.scheduled;
      memLimits += (parseQuantity(valueOf(c.container, ["resources", "limits", "memory"])) ?? 0) * g.scheduled;
    }
  }
  const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;
  const mib = (bytes: number) => `${Math.round(bytes / MIB)}Mi`;
  return joinLines([
    field("Name", "node-1", 20),
    field("Roles", "control-plane", 20),
    field("Labels", "kubernetes.io/arch=amd64,kubernetes.io/hostname=node-1,kubernetes.io/os=linux", 20),
    "Capacity:",
    `  cpu:                ${cpu / 1000}`,
    `  memory:             ${memory * 1024}Ki`,
    `  pods:               ${NODE_MAX_PODS}`,
    "Allocatable:",
    `  cpu:                ${cpu / 1000}`,
    `  memory:             ${memory * 1024}Ki`,
    `  pods:               ${NODE_MAX_PODS}`,
    "System Info:",
    "  Kubelet Version:            v1.31.0",
    `  Container Runtime Version:  ${ctx.world.cluster.container_runtime === "cri-o" ? "cri-o://1.31.0" : ctx.world.cluster.container_runtime === "containerd-1" ? "containerd://1.7.22" : "containerd://2.0.0"}`,
    `Non-terminated Pods:          (${view.groups.reduce((sum, g) => sum + g.scheduled, 0)} in total)`,
    "Allocated resources:",
    "  (Total limits may be over 100 percent, i.e., overcommitted.)",
    "  Resource           Requests       Limits",
    "  --------           --------       ------",
    `  cpu                ${`${cpuRequests}m (${pct(cpuRequests, cpu)})`.padEnd(15)}0 (0%)`,
    `  memory             ${`${mib(memRequests)} (${pct(memRequests, memory * MIB)})`.padEnd(15)}${mib(memLimits)} (${pct(memLimits, memory * MIB)})`,
    "Events:              <none>",
  ]);
}

function valueOf(root: unknown, path: readonly string[]): unknown {
  let at: unknown = root;
  for (const key of path) at = isObject(at) ? at[key] : undefined;
  return at;
}

function describeConfig(view: ClusterView, ctx: InspectionContext, resource: "configmaps" | "secrets", name: string): CommandOutput {
  const kind = KINDS[resource]!;
  const manifest = objectsOf(view, kind).find((o) => o.name === name);
  const namespace = ctx.world.cluster.namespace;
  if (resource === "configmaps") {
    const data = manifest ? (objectAt(manifest.value, ["data"]) ?? {}) : (Object.hasOwn(ctx.world.cluster.configmaps, name) ? ctx.world.cluster.configmaps[name] : undefined);
    if (data === undefined) return notFound("configmaps", name);
    const entries = Object.entries(data).flatMap(([k, v]) => [k, "----", String(v).replace(/\n$/, ""), ""]);
    return ok(joinLines([field("Name", name, 14), field("Namespace", namespace, 14), field("Labels", "<none>", 14), field("Annotations", "<none>", 14), "", "Data", "====", ...entries, "BinaryData", "====", "", field("Events", "<none>", 14)]));
  }
  const keys = manifest ? Object.keys({ ...(objectAt(manifest.value, ["data"]) ?? {}), ...(objectAt(manifest.value, ["stringData"]) ?? {}) }) : (Object.hasOwn(ctx.world.cluster.secrets, name) ? ctx.world.cluster.secrets[name] : undefined);
  if (keys === undefined) return notFound("secrets", name);
  // The sizes of a Secret's values are all the simulation could show; it holds none of them.
  return ok(joinLines([field("Name", name, 14), field("Namespace", namespace, 14), field("Labels", "<none>", 14), field("Annotations", "<none>", 14), "", `Type:  ${manifest ? (stringAt(manifest.value, ["type"]) ?? "Opaque") : "Opaque"}`, "", "Data", "====", ...keys.map((k) => `${k}:  <value not shown>`)]));
}

/** `kubectl describe RESOURCE [NAME]`; a known section of the simulators' logs is printed as they printed it. */
export function describe(view: ClusterView, ctx: InspectionContext, resource: string, name: string | undefined, command: string): CommandOutput {
  const known = view.sections.get(command);
  if (known !== undefined) return ok(known);
  const all = (kind: string) => objectsOf(view, kind);
  const one = (kind: string, notFoundName: string, render: (o: K8sObject) => string): CommandOutput => {
    const list = name === undefined ? all(kind) : all(kind).filter((o) => o.name === name);
    if (list.length === 0) return name === undefined ? ok(`No resources found in ${ctx.world.cluster.namespace} namespace.\n`) : notFound(notFoundName, name);
    return ok(list.map(render).join("\n\n"));
  };
  switch (resource) {
    case "pods":
      if (name === undefined) {
        if (view.pods.length === 0) return ok(`No resources found in ${ctx.world.cluster.namespace} namespace.\n`);
        // One description after another until the answer would be cut anyway; the rest are counted.
        const texts: string[] = [];
        let chars = 0;
        for (const p of view.pods) {
          if (chars >= MAX_INSPECT_OUTPUT_CHARS) break;
          texts.push(describeOnePod(view, p.name).out);
          chars += texts.at(-1)!.length + 2;
        }
        const left = podTotal(view) - texts.length;
        const text = texts.join("\n\n");
        return left === 0 ? ok(text) : { ...ok(text), unshown: left * Math.ceil(text.length / texts.length) };
      }
      return describeOnePod(view, name);
    case "deployments":
      return one("Deployment", "deployments.apps", (d) => describeDeployment(view, d));
    case "replicasets":
      return one("Deployment", "replicasets.apps", (d) => joinLines([field("Name", replicaSetName(d)), field("Namespace", d.namespace), field("Selector", formatLabels(podLabels(d))), `Controlled By:  Deployment/${d.name}`, field("Replicas", `${groupOf(view, d)?.count ?? 0} current / ${groupOf(view, d)?.count ?? 0} desired`)]));
    case "services":
      return one("Service", "services", (s) => describeService(view, s));
    case "ingresses":
      return one("Ingress", "ingresses.networking.k8s.io", (i) => describeIngress(view, i));
    case "networkpolicies":
      return one("NetworkPolicy", "networkpolicies.networking.k8s.io", describeNetworkPolicy);
    case "nodes":
      if (name !== undefined && name !== "node-1") return notFound("nodes", name);
      return ok(describeNode(view, ctx));
    case "configmaps":
    case "secrets":
      if (name === undefined) return failed(`kubectl describe ${resource}: name one (kubectl get ${resource} lists them)\n`);
      return describeConfig(view, ctx, resource, name);
    default:
      return failed(`kubectl describe ${resource}: not described here; the supported kinds are pods, deployments, replicasets, services, ingresses, networkpolicies, nodes, configmaps and secrets (kubectl get ${resource} lists them)\n`);
  }
}

