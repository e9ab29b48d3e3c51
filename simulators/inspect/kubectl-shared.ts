/**
 * What kubectl's verbs share: the resource names it accepts, its table layout, the NotFound answer, pod IPs
 * and endpoint lists, and the namespaces a cluster has besides the app's (the ingress controller's, the
 * system ones), which the world implies but the manifests never name.
 */
import { podIp as workloadPodIp, podName } from "../k8s/identity.js";
import { INGRESS_CONTROLLER } from "../k8s/network-policy.js";
import type { K8sObject } from "../k8s/object.js";
import { arrayAt, isObject } from "../k8s/object.js";
import type { World } from "../world.js";
import type { ClusterView, PodView } from "./cluster-view.js";
import { podAt } from "./cluster-view.js";
import type { CommandOutput } from "./context.js";
import { failed } from "./context.js";
import { table as cliTable } from "./gh.js";

/** kubectl pads columns to their widest cell and puts three spaces between them. */
export const table = (rows: readonly (readonly string[])[]) => cliTable(rows, 3);

/** Every object of the simulated rollout was applied two minutes ago; the cluster itself is 30 days old. */
/**
 * A table read by words an agent typed: without a prototype, `constructor` or `__proto__` finds nothing
 * rather than a function.
 */
export function lookupTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

export const AGE = "2m";
export const CLUSTER_AGE = "30d";

export const RESOURCES: Readonly<Record<string, string>> = lookupTable({
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
  ns: "namespaces", namespace: "namespaces", namespaces: "namespaces",
  ev: "events", event: "events", events: "events",
});

/** The singular kind kubectl prefixes names with when one `get` lists several resources (`pod/web-…`). */
export const SINGULAR: Readonly<Record<string, string>> = lookupTable({
  pods: "pod", deployments: "deployment.apps", replicasets: "replicaset.apps", services: "service", endpoints: "endpoints",
  ingresses: "ingress.networking.k8s.io", ingressclasses: "ingressclass.networking.k8s.io", networkpolicies: "networkpolicy.networking.k8s.io",
  configmaps: "configmap", secrets: "secret", nodes: "node", namespaces: "namespace", events: "event",
});

export const KINDS: Readonly<Record<string, string>> = lookupTable({
  deployments: "Deployment", services: "Service", ingresses: "Ingress", networkpolicies: "NetworkPolicy", configmaps: "ConfigMap", secrets: "Secret",
});

export const CONTROLLERS: Readonly<Record<string, string>> = lookupTable({ nginx: "k8s.io/ingress-nginx", traefik: "traefik.io/ingress-controller", haproxy: "haproxy.org/ingress-controller/haproxy" });

export function notFound(resource: string, name: string): CommandOutput {
  return failed(`Error from server (NotFound): ${resource} "${name}" not found\n`);
}

export function objectsOf(view: ClusterView, kind: string): K8sObject[] {
  return view.applied.filter((o) => o.kind === kind).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * A pod's IP in the node's pod range: the simulators' own for a workload's first pod (the address their logs
 * show), one stable per name for the other replicas.
 */
export function podIp(p: PodView): string {
  if (p.name === podName(p.workload)) return workloadPodIp(p.workload);
  let h = 0;
  for (const ch of p.name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `10.244.0.${2 + (h % 250)}`;
}

/** A Service's PORT(S) column: `80/TCP`, `80:30080/TCP`. */
export function servicePortsText(svc: K8sObject): string {
  const list = arrayAt(svc.value, ["spec", "ports"]).filter(isObject);
  return list.map((p) => `${String(p["port"])}${p["nodePort"] ? `:${String(p["nodePort"])}` : ""}/${String(p["protocol"] ?? "TCP")}`).join(",") || "<none>";
}

/** The `podIP:port` addresses behind a Service, as its Endpoints object lists them; null when the simulation cannot tell. */
export function endpointAddresses(view: ClusterView, svc: K8sObject): string[] | null {
  const routed = view.services.find((s) => s.object === svc);
  if (!routed || routed.endpoints.state === "unknown") return null;
  if (routed.endpoints.state === "none") return [];
  const ready = routed.endpoints.pods;
  const targets = routed.ports.map((p) => p.backend?.containers[0]?.target ?? p.target);
  // Only pods on the node serve: at most NODE_MAX_PODS of them, however many replicas were asked for.
  return view.groups
    .filter((g) => ready.includes(g.workload))
    .flatMap((g) => Array.from({ length: g.scheduled }, (_, i) => podAt(g, i)))
    .flatMap((p) => targets.map((t) => `${podIp(p)}:${String(t)}`));
}

/** The ENDPOINTS column: three addresses, then `+ N more...`. */
export function endpointsText(view: ClusterView, svc: K8sObject): string {
  const list = endpointAddresses(view, svc);
  if (list === null) return "<unknown>";
  if (list.length === 0) return "<none>";
  return list.length > 3 ? `${list.slice(0, 3).join(",")} + ${list.length - 3} more...` : list.join(",");
}

/** A namespace of the cluster that the manifests do not create, with its labels and what runs in it. */
export interface SystemNamespace {
  name: string;
  labels: Record<string, string>;
  /** Pods kubectl lists there: name and labels. */
  pods: { name: string; labels: Record<string, string> }[];
  /** Services there: name, type, ports. */
  services: { name: string; type: string; ports: string }[];
}

/** The ingress-nginx controller's pod, named as the Helm chart's Deployment names it. */
export const CONTROLLER_POD = "ingress-nginx-controller-7d56585cb5-x4kqt";

/**
 * The namespaces a cluster has besides the app's own: kube-system and the other built-in ones, and the
 * ingress controller's when ingress-nginx is installed (its pod carries the chart's labels).
 */
export function systemNamespaces(world: World): SystemNamespace[] {
  const builtIn = (name: string): SystemNamespace => ({ name, labels: { "kubernetes.io/metadata.name": name }, pods: [], services: [] });
  const out = [builtIn("kube-node-lease"), builtIn("kube-public"), builtIn("kube-system")];
  if (world.cluster.ingress_classes.includes("nginx")) {
    out.push({
      name: INGRESS_CONTROLLER.namespace,
      labels: INGRESS_CONTROLLER.namespaceLabels,
      pods: [{ name: CONTROLLER_POD, labels: { ...INGRESS_CONTROLLER.labels, "pod-template-hash": "7d56585cb5" } }],
      services: [
        { name: "ingress-nginx-controller", type: "LoadBalancer", ports: "80:31080/TCP,443:31443/TCP" },
        { name: "ingress-nginx-controller-admission", type: "ClusterIP", ports: "443/TCP" },
      ],
    });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** `k=v,k2=v2`, sorted, as --show-labels prints them. */
export function labelList(labels: Record<string, string>): string {
  const entries = Object.entries(labels).map(([k, v]) => `${k}=${v}`).sort();
  return entries.length === 0 ? "<none>" : entries.join(",");
}
