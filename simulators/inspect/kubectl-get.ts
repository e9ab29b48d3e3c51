/**
 * `kubectl get`: kubectl's tables from the simulated cluster. One resource or several (`get pods,svc`, each
 * table with `kind/name` rows, as kubectl prints a list of kinds), one object by name, `-o wide`,
 * `--show-labels`, `-l key=value`, and `-n NS` / `-A` for the namespaces the world implies (the ingress
 * controller's, the system ones). Other teams' Services and the world's ConfigMaps and Secrets are listed
 * with the manifests' objects, Secrets without their values.
 */
import { clusterIp, replicaSetName } from "../k8s/identity.js";
import { arrayAt, isObject, labelsAt, stringAt } from "../k8s/object.js";
import { podLabels } from "../k8s/workload.js";
import type { ClusterView, PodView } from "./cluster-view.js";
import { groupOf, podAt, podStatus, readyCount } from "./cluster-view.js";
import { MAX_INSPECT_OUTPUT_CHARS } from "./limits.js";
import type { CommandOutput, InspectionContext } from "./context.js";
import { failed, ok } from "./context.js";
import {
  AGE, CLUSTER_AGE, CONTROLLERS, KINDS, SINGULAR, endpointsText, labelList, notFound, objectsOf, podIp, servicePortsText, systemNamespaces, table,
} from "./kubectl-shared.js";

/** Which namespaces a command asks about: the app's (the default), another one, or all of them (`-A`). */
export type NamespaceScope = { kind: "own" } | { kind: "named"; name: string } | { kind: "all" };

export interface GetOptions {
  name: string | undefined;
  wide: boolean;
  showLabels: boolean;
  /** `-l key=value[,key=value]`, for pods. */
  selector: Record<string, string> | undefined;
  scope: NamespaceScope;
  /** Several resources were asked for: rows carry their kind (`pod/web-…`). */
  prefixed: boolean;
}

/** One table's rows, the header first, with the namespace of each row for `-A`. */
interface Listing {
  header: string[];
  rows: { namespace: string; cells: string[] }[];
  /** Rows of the app's namespace not built: the answer was cut before them (pods past the output bound). */
  unlisted?: number;
}

function selected(labels: Record<string, string>, selector: Record<string, string> | undefined): boolean {
  return selector === undefined || Object.entries(selector).every(([k, v]) => labels[k] === v);
}

/** Every row of `resource` in every namespace the simulation knows, before name and namespace filtering. */
function listing(view: ClusterView, ctx: InspectionContext, resource: string, o: GetOptions): Listing | CommandOutput {
  const own = ctx.world.cluster.namespace;
  const system = systemNamespaces(ctx.world);
  switch (resource) {
    case "pods": {
      const header = ["NAME", "READY", "STATUS", "RESTARTS", "AGE", ...(o.wide ? ["IP", "NODE"] : []), ...(o.showLabels ? ["LABELS"] : [])];
      const cells = (p: PodView, labels: Record<string, string>) => {
        const s = podStatus(p);
        return [p.name, s.ready, s.status, s.restarts, AGE, ...(o.wide ? (p.unschedulable === undefined ? [podIp(p), "node-1"] : ["<none>", "<none>"]) : []), ...(o.showLabels ? [labelList(labels)] : [])];
      };
      const rows: Listing["rows"] = [];
      let unlisted = 0;
      if (o.name !== undefined) {
        // By name: the pods one can name are the ones built.
        for (const p of view.pods) if (p.name === o.name && selected(podLabels(p.workload), o.selector)) rows.push({ namespace: own, cells: cells(p, podLabels(p.workload)) });
      } else {
        // Line by line from each workload's group, until the answer would be cut anyway; the rest are counted.
        let chars = 0;
        for (const g of view.groups) {
          const labels = podLabels(g.workload);
          if (!selected(labels, o.selector)) continue;
          for (let i = 0; i < g.count; i++) {
            if (chars >= MAX_INSPECT_OUTPUT_CHARS) {
              unlisted += g.count - i;
              break;
            }
            const row = cells(podAt(g, i), labels);
            chars += row.join("   ").length + 1;
            rows.push({ namespace: own, cells: row });
          }
        }
      }
      for (const ns of system) {
        for (const pod of ns.pods.filter((p) => selected(p.labels, o.selector))) {
          rows.push({ namespace: ns.name, cells: [pod.name, "1/1", "Running", "0", CLUSTER_AGE, ...(o.wide ? ["10.244.0.5", "node-1"] : []), ...(o.showLabels ? [labelList(pod.labels)] : [])] });
        }
      }
      return { header, rows, unlisted };
    }
    case "deployments":
    case "replicasets": {
      const rows = objectsOf(view, "Deployment").map((d) => {
        const group = groupOf(view, d);
        const ready = group === undefined ? 0 : readyCount(group);
        const n = String(group?.count ?? 0);
        const cells = resource === "deployments" ? [d.name, `${ready}/${n}`, n, String(ready), AGE] : [replicaSetName(d), n, n, String(ready), AGE];
        return { namespace: d.namespace, cells };
      });
      const header = resource === "deployments" ? ["NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"] : ["NAME", "DESIRED", "CURRENT", "READY", "AGE"];
      return { header, rows };
    }
    case "services": {
      const rows = objectsOf(view, "Service").map((s) => ({
        namespace: s.namespace,
        cells: [s.name, stringAt(s.value, ["spec", "type"]) ?? "ClusterIP", clusterIp(s.namespace, s.name), "<none>", servicePortsText(s), AGE],
      }));
      for (const [name, ports] of Object.entries(ctx.world.cluster.services)) {
        if (rows.some((r) => r.cells[0] === name)) continue;
        rows.push({ namespace: own, cells: [name, "ClusterIP", clusterIp(own, name), "<none>", ports.map((p) => `${p}/TCP`).join(",") || "<none>", CLUSTER_AGE] });
      }
      for (const ns of system) {
        for (const svc of ns.services) {
          rows.push({ namespace: ns.name, cells: [svc.name, svc.type, clusterIp(ns.name, svc.name), svc.type === "LoadBalancer" ? "192.168.49.2" : "<none>", svc.ports, CLUSTER_AGE] });
        }
      }
      return { header: ["NAME", "TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)", "AGE"], rows };
    }
    case "endpoints":
      return { header: ["NAME", "ENDPOINTS", "AGE"], rows: objectsOf(view, "Service").map((s) => ({ namespace: s.namespace, cells: [s.name, endpointsText(view, s), AGE] })) };
    case "ingresses": {
      const rows = objectsOf(view, "Ingress").map((i) => {
        const routed = view.ingresses.find((r) => r.object === i);
        const hosts = arrayAt(i.value, ["spec", "rules"]).filter(isObject).map((r) => (typeof r["host"] === "string" ? r["host"] : "*"));
        const served = routed !== undefined && routed.ingressClass.name !== undefined && routed.ingressClass.installed.includes(routed.ingressClass.name);
        const cells = [i.name, routed?.ingressClass.name ?? "<none>", [...new Set(hosts)].join(",") || "*", served ? "192.168.49.2" : "", arrayAt(i.value, ["spec", "tls"]).length > 0 ? "80, 443" : "80", AGE];
        return { namespace: i.namespace, cells };
      });
      return { header: ["NAME", "CLASS", "HOSTS", "ADDRESS", "PORTS", "AGE"], rows };
    }
    case "networkpolicies":
      return {
        header: ["NAME", "POD-SELECTOR", "AGE"],
        rows: objectsOf(view, "NetworkPolicy").map((p) => {
          const sel = Object.entries(labelsAt(p.value, ["spec", "podSelector", "matchLabels"])).map(([k, v]) => `${k}=${v}`).join(",");
          return { namespace: p.namespace, cells: [p.name, sel || "<none>", AGE] };
        }),
      };
    case "configmaps":
    case "secrets": {
      const kind = KINDS[resource]!;
      const world = resource === "configmaps" ? ctx.world.cluster.configmaps : ctx.world.cluster.secrets;
      const fromWorld = Object.entries(world).map(([n, data]) => ({ name: n, keys: Array.isArray(data) ? data.length : Object.keys(data).length, type: "Opaque", age: CLUSTER_AGE }));
      const fromManifests = objectsOf(view, kind).map((m) => ({
        name: m.name,
        keys: Object.keys({ ...(isObject(m.value["data"]) ? m.value["data"] : {}), ...(isObject(m.value["stringData"]) ? m.value["stringData"] : {}) }).length,
        type: stringAt(m.value, ["type"]) ?? "Opaque",
        age: AGE,
      }));
      const all = [...new Map([...fromWorld, ...fromManifests].map((r) => [r.name, r])).values()].sort((a, b) => (a.name < b.name ? -1 : 1));
      if (resource === "configmaps" && !all.some((r) => r.name === "kube-root-ca.crt")) all.unshift({ name: "kube-root-ca.crt", keys: 1, type: "", age: CLUSTER_AGE });
      if (resource === "configmaps") return { header: ["NAME", "DATA", "AGE"], rows: all.map((r) => ({ namespace: own, cells: [r.name, String(r.keys), r.age] })) };
      return { header: ["NAME", "TYPE", "DATA", "AGE"], rows: all.map((r) => ({ namespace: own, cells: [r.name, r.type, String(r.keys), r.age] })) };
    }
    case "ingressclasses": {
      const rows = ctx.world.cluster.ingress_classes.map((n) => ({ namespace: "", cells: [n, CONTROLLERS[n] ?? "<unknown>", "<none>", CLUSTER_AGE] }));
      return { header: ["NAME", "CONTROLLER", "PARAMETERS", "AGE"], rows };
    }
    case "nodes":
      return { header: ["NAME", "STATUS", "ROLES", "AGE", "VERSION"], rows: [{ namespace: "", cells: ["node-1", "Ready", "control-plane", CLUSTER_AGE, "v1.31.0"] }] };
    case "namespaces": {
      const all = [{ name: own, labels: { "kubernetes.io/metadata.name": own } }, ...system].sort((a, b) => (a.name < b.name ? -1 : 1));
      const header = ["NAME", "STATUS", "AGE", ...(o.showLabels ? ["LABELS"] : [])];
      return { header, rows: all.map((n) => ({ namespace: "", cells: [n.name, "Active", CLUSTER_AGE, ...(o.showLabels ? [labelList(n.labels)] : [])] })) };
    }
    case "events":
      return { header: ["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"], rows: eventRows(view).map((cells) => ({ namespace: own, cells })) };
    default:
      return failed(`error: the server doesn't have a resource type "${resource}"\n`);
  }
}

/** The kubelet's and scheduler's events of the failing pods, from the describe sections the simulators printed. */
function eventRows(view: ClusterView): string[][] {
  const rows: string[][] = [];
  for (const [command, body] of view.sections) {
    const pod = /^kubectl describe pod (\S+)$/.exec(command)?.[1];
    if (!pod) continue;
    const lines = body.split("\n");
    for (const line of lines.slice(lines.findIndex((l) => l.startsWith("  ----")) + 1)) {
      const m = /^ {2}(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(.*)$/.exec(line);
      if (m) rows.push([m[3]!, m[1]!, m[2]!, `pod/${pod}`, m[5]!]);
    }
  }
  return rows;
}

/** Kinds without a namespace: `-n` does not filter them and `-A` adds no column. */
const CLUSTER_SCOPED = new Set(["nodes", "namespaces", "ingressclasses"]);

/** The NotFound resource name kubectl prints for a kind. */
const NOT_FOUND_NAME: Record<string, string> = {
  deployments: "deployments.apps", replicasets: "replicasets.apps", ingresses: "ingresses.networking.k8s.io",
  ingressclasses: "ingressclasses.networking.k8s.io", networkpolicies: "networkpolicies.networking.k8s.io",
};

/** One resource's table, or its NotFound / "No resources found" answer. */
export function getOne(view: ClusterView, ctx: InspectionContext, resource: string, o: GetOptions): CommandOutput {
  const found = listing(view, ctx, resource, o);
  if ("status" in found) return found;
  const own = ctx.world.cluster.namespace;
  const clusterScoped = CLUSTER_SCOPED.has(resource);
  const inScope = (ns: string) => clusterScoped || o.scope.kind === "all" || ns === (o.scope.kind === "named" ? o.scope.name : own);
  let rows = found.rows.filter((r) => inScope(r.namespace));
  if (o.name !== undefined) {
    rows = rows.filter((r) => r.cells[0] === o.name);
    if (rows.length === 0) return notFound(NOT_FOUND_NAME[resource] ?? resource, o.name);
  }
  if (resource === "events" && rows.length === 0) return ok(`No events found in ${own} namespace.\n(events are modelled for failing pods only)\n`);
  if (rows.length === 0) {
    if (clusterScoped) return ok("No resources found\n");
    return ok(o.scope.kind === "all" ? "No resources found\n" : `No resources found in ${o.scope.kind === "named" ? o.scope.name : own} namespace.\n`);
  }
  const withNamespace = o.scope.kind === "all" && !clusterScoped;
  const kind = SINGULAR[resource] ?? resource;
  const shown = rows.map((r) => [...(withNamespace ? [r.namespace] : []), ...(o.prefixed ? [`${kind}/${r.cells[0]}`, ...r.cells.slice(1)] : r.cells)]);
  const text = table([[...(withNamespace ? ["NAMESPACE"] : []), ...found.header], ...shown]);
  const unlisted = inScope(own) && o.name === undefined ? (found.unlisted ?? 0) : 0;
  if (unlisted === 0) return ok(text);
  // The rows not built are as long as the last one built (a workload's rows differ only in their name's suffix).
  const lastRow = text.length - 1 - text.lastIndexOf("\n", text.length - 2);
  return { ...ok(text), unshown: unlisted * lastRow };
}

/**
 * `kubectl get A,B,...`: each resource's table in the order asked, a blank line between them; kinds with no
 * object print nothing unless all are empty, as kubectl does.
 */
export function get(view: ClusterView, ctx: InspectionContext, resources: readonly string[], o: GetOptions): CommandOutput {
  if (resources.length === 1) return getOne(view, ctx, resources[0]!, o);
  if (o.name !== undefined) return failed("error: arguments in resource/name form must have a single resource and name\n");
  const outs = resources.map((r) => getOne(view, ctx, r, { ...o, prefixed: true }));
  const failedOne = outs.find((x) => x.status !== 0);
  if (failedOne) return failedOne;
  const tables = outs.map((x) => x.out).filter((t) => !t.startsWith("No resources found") && !t.startsWith("No events found"));
  if (tables.length === 0) return outs[0]!;
  const unshown = outs.reduce((sum, x) => sum + (x.unshown ?? 0), 0);
  return unshown > 0 ? { ...ok(tables.join("\n")), unshown } : ok(tables.join("\n"));
}
