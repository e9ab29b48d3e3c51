/**
 * curl against the simulated cluster: from a pod (`kubectl exec POD -- curl http://svc:80/path`), where
 * Service names resolve and the request goes Service → endpoints → targetPort → the app, through the
 * NetworkPolicies that isolate the pod; and from outside (`curl http://catalog.acme.example/`, or the
 * controller's address with `-H 'Host: …'`), where only Ingress hosts resolve and ingress-nginx answers as
 * it does: 404 from its default backend, 503 for a missing Service or one without endpoints, 502 when
 * nothing listens on the target port, 504 when a policy drops it. Only GET and HEAD are sent; an app's
 * response body is not modelled and the answer says so.
 */
import { lookupImage } from "../images/lookup.js";
import { serviceOfHost } from "../k8s/cluster-dns.js";
import { admits, INGRESS_CONTROLLER, isolatingPolicies, namespaceLabels } from "../k8s/network-policy.js";
import type { TrafficSource } from "../k8s/network-policy.js";
import type { K8sObject } from "../k8s/object.js";
import { arrayAt, isObject, objectAt, stringAt } from "../k8s/object.js";
import { servesPath } from "../k8s/probes.js";
import { containersOf, podLabels } from "../k8s/workload.js";
import type { App } from "../world.js";
import type { ClusterView } from "./cluster-view.js";
import { clusterView } from "./cluster-view.js";
import type { CommandOutput, InspectionContext } from "./context.js";
import { failed, ok } from "./context.js";
import { objectsOf, podIp } from "./kubectl-shared.js";

/** The address ingress-nginx's LoadBalancer Service has on the node. */
const INGRESS_ADDRESS = "192.168.49.2";

interface Request {
  url: URL;
  host: string;
  head: boolean;
  include: boolean;
  silent: boolean;
}

function parse(args: readonly string[]): Request | CommandOutput {
  let target: string | undefined;
  let hostHeader: string | undefined;
  let method = "GET";
  let include = false;
  let head = false;
  let silent = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-H" || a === "--header") {
      const h = args[++i] ?? "";
      const m = /^\s*host\s*:\s*(\S+)\s*$/i.exec(h);
      if (m) hostHeader = m[1];
    } else if (a === "-X" || a === "--request") method = (args[++i] ?? "").toUpperCase();
    else if (["-d", "--data", "--data-raw", "--data-binary", "-F", "--form", "-T", "--upload-file", "--json"].includes(a)) {
      return failed("breakfix inspect: curl with a request body would send data to the app; inspections only read (GET and HEAD).\n");
    } else if (a === "-o" || a === "--output" || a === "-m" || a === "--max-time" || a === "--connect-timeout" || a === "-w" || a === "--write-out" || a === "-u" || a === "--user") i++;
    else if (/^-[isSfLkvI]+$/.test(a) || ["--include", "--silent", "--show-error", "--fail", "--location", "--insecure", "--verbose", "--head"].includes(a)) {
      if (a === "--include" || a === "--verbose" || (/^-[a-zA-Z]+$/.test(a) && /[iv]/.test(a))) include = true;
      if (a === "--head" || (/^-[a-zA-Z]+$/.test(a) && a.includes("I"))) head = true;
      if (a === "--silent" || (/^-[a-zA-Z]+$/.test(a) && a.includes("s"))) silent = true;
    } else if (a.startsWith("-")) return failed(`curl: option ${a}: is unknown\ncurl: try 'curl --help' for more information\n`, 2);
    else target = a;
  }
  if (method !== "GET" && method !== "HEAD") {
    return failed(`breakfix inspect: curl -X ${method} could change the app's state; inspections only read (GET and HEAD).\n`);
  }
  if (target === undefined) return failed("curl: no URL specified\ncurl: try 'curl --help' for more information\n", 2);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? target : `http://${target}`);
  } catch {
    return failed(`curl: (3) URL rejected: Malformed input to a URL function\n`, 3);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return failed(`curl: (1) Protocol "${url.protocol.replace(/:$/, "")}" not supported\n`, 1);
  return { url, host: hostHeader ?? url.hostname, head: head || method === "HEAD", include: include || head, silent };
}

const REASONS: Record<number, string> = { 200: "OK", 404: "Not Found", 502: "Bad Gateway", 503: "Service Temporarily Unavailable", 504: "Gateway Time-out" };

/** What ingress-nginx sends for an error: its status line, and its small HTML page. */
function nginxError(status: number, r: Request): CommandOutput {
  const title = `${status} ${REASONS[status]}`;
  const body = `<html>\n<head><title>${title}</title></head>\n<body>\n<center><h1>${title}</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n`;
  const headers = `HTTP/1.1 ${title}\nContent-Type: text/html\nContent-Length: ${body.length}\nConnection: keep-alive\n\n`;
  return ok(`${r.include ? headers : ""}${r.head ? "" : body}`);
}

/** The app that a workload's image runs, as the registry and the world know it. */
function appOf(ctx: InspectionContext, workload: K8sObject): App | undefined {
  const image = containersOf(workload).find((c) => !c.init)?.container["image"];
  if (typeof image === "string") {
    const found = lookupImage(image, ctx.world);
    const name = found.status === "found" ? found.config.app : undefined;
    const app = ctx.world.apps.find((a) => a.name === name);
    if (app) return app;
  }
  return ctx.world.apps.length === 1 ? ctx.world.apps[0] : undefined;
}

/** The app's answer once the request reached a port it listens on. */
function appAnswer(ctx: InspectionContext, workload: K8sObject | undefined, path: string, r: Request): CommandOutput {
  const app = workload ? appOf(ctx, workload) : undefined;
  const served = app === undefined ? undefined : app.language === "static" ? (path === "/" || path === "/index.html" ? true : undefined) : servesPath({ address: "0.0.0.0", routes: app.routes, health: app.health_path }, path);
  if (served === false) return ok(`${r.include ? "HTTP/1.1 404 Not Found\n\n" : ""}(the app answered 404 Not Found for ${path}; its response body is not modelled)\n`);
  // What the app answers on a path it is not known to serve is not made up, not even its status.
  if (served === undefined) return ok(`(the connection reached the app; what it answers on ${path} is not modelled)\n`);
  return ok(`${r.include ? "HTTP/1.1 200 OK\n\n" : ""}${r.head ? "" : `(the app answered 200 OK for ${path}; its response body is not modelled)\n`}`);
}

type Hop = { reached: true; workload: K8sObject } | { reached: false; why: "no-service" | "no-endpoints" | "refused" | "dropped" | "unknown" };

/** Where a request to port `port` of Service `svc` ends up, from `source` (undefined: a pod of the namespace nobody names). */
function throughService(view: ClusterView, svc: K8sObject, port: number, source: TrafficSource): Hop {
  const routed = view.services.find((s) => s.object === svc);
  if (!routed || (routed.endpoints.state === "unknown" && Object.keys(routed.selector).length === 0)) return { reached: false, why: "unknown" };
  if (routed.endpoints.state !== "ready") return { reached: false, why: "no-endpoints" };
  const route = routed.ports.find((p) => p.port === port || String(p.port) === String(port));
  if (!route) return { reached: false, why: "dropped" };
  const landing = route.backend?.containers.find((c) => c.target !== undefined && c.target === c.listening);
  if (!route.backend || !landing) return { reached: false, why: "refused" };
  const pod = route.backend.pod;
  const policies = isolatingPolicies(objectsOf(view, "NetworkPolicy"), pod.namespace, podLabels(pod));
  const portName = arrayAt(landing.container.container, ["ports"]).filter(isObject).find((p) => p["containerPort"] === landing.target)?.["name"];
  if (!admits(policies, source, landing.target!, typeof portName === "string" ? portName : undefined)) return { reached: false, why: "dropped" };
  return { reached: true, workload: pod };
}

/** The Service a cluster DNS name names: `svc`, `svc.ns`, `svc.ns.svc`, `svc.ns.svc.cluster.local`. */
function serviceNamed(view: ClusterView, ctx: InspectionContext, host: string): { manifest: K8sObject } | { world: string } | undefined {
  const name = serviceOfHost(host, ctx.world.cluster.namespace);
  if (name === undefined) return undefined;
  const manifest = objectsOf(view, "Service").find((s) => s.name === name);
  if (manifest) return { manifest };
  return Object.hasOwn(ctx.world.cluster.services, name) ? { world: name } : undefined;
}

/** The Ingress rule and path that a host and path select, longest prefix first. */
function ingressRoute(view: ClusterView, host: string, path: string): { ingress: K8sObject; service: string; port: unknown } | undefined {
  const candidates: { ingress: K8sObject; service: string; port: unknown; prefix: string }[] = [];
  for (const ing of objectsOf(view, "Ingress")) {
    for (const rule of arrayAt(ing.value, ["spec", "rules"]).filter(isObject)) {
      if (typeof rule["host"] === "string" && rule["host"] !== host) continue;
      for (const p of arrayAt(rule, ["http", "paths"]).filter(isObject)) {
        const prefix = typeof p["path"] === "string" ? p["path"] : "/";
        const exact = p["pathType"] === "Exact";
        if (exact ? path !== prefix : !(path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`) || prefix === "/")) continue;
        const svc = objectAt(p, ["backend", "service"]);
        candidates.push({ ingress: ing, service: String(svc?.["name"] ?? ""), port: objectAt(svc, ["port"])?.["number"] ?? objectAt(svc, ["port"])?.["name"], prefix });
      }
    }
  }
  return candidates.sort((a, b) => b.prefix.length - a.prefix.length)[0];
}

function servicePortNumber(svc: K8sObject, port: unknown): number | undefined {
  if (typeof port === "number") return port;
  const byName = arrayAt(svc.value, ["spec", "ports"]).filter(isObject).find((p) => p["name"] === port);
  return typeof byName?.["port"] === "number" ? byName["port"] : undefined;
}

/** A request that reaches ingress-nginx for `host`. */
function viaIngress(view: ClusterView, ctx: InspectionContext, r: Request): CommandOutput {
  const path = r.url.pathname || "/";
  const route = ingressRoute(view, r.host, path);
  const routed = route ? view.ingresses.find((i) => i.object === route.ingress) : undefined;
  const cls = routed?.ingressClass;
  const className = cls?.name ?? cls?.defaultClass;
  if (!route || !cls || className === undefined || !cls.installed.includes(className) || className !== "nginx") return nginxError(404, r);
  const svc = objectsOf(view, "Service").find((s) => s.name === route.service);
  if (!svc) return nginxError(503, r);
  const port = servicePortNumber(svc, route.port);
  if (port === undefined) return nginxError(503, r);
  const hop = throughService(view, svc, port, INGRESS_CONTROLLER);
  if (hop.reached) return appAnswer(ctx, hop.workload, path, r);
  return nginxError(hop.why === "refused" ? 502 : hop.why === "dropped" ? 504 : 503, r);
}

function connectError(r: Request, why: "refused" | "dropped", port: number): CommandOutput {
  if (why === "dropped") return failed(`curl: (28) Failed to connect to ${r.url.hostname} port ${port} after 130001 ms: Connection timed out\n`, 28);
  return failed(`curl: (7) Failed to connect to ${r.url.hostname} port ${port} after 1 ms: Connection refused\n`, 7);
}

/** `curl ...` run from inside pod `from` (undefined: from outside the cluster). */
export function curl(args: readonly string[], ctx: InspectionContext, from?: K8sObject): CommandOutput {
  const r = parse(args);
  if ("status" in r) return r;
  const view = clusterView(ctx);
  const ingressHosts = new Set(objectsOf(view, "Ingress").flatMap((i) => arrayAt(i.value, ["spec", "rules"]).filter(isObject).map((x) => stringAt(x, ["host"]))).filter((h): h is string => h !== undefined));
  const toController = r.url.hostname === INGRESS_ADDRESS || r.url.hostname === "localhost" || r.url.hostname === "127.0.0.1" || ingressHosts.has(r.url.hostname);
  if (toController) {
    if (!ctx.world.cluster.ingress_classes.includes("nginx")) return failed(`curl: (7) Failed to connect to ${r.url.hostname} port ${r.url.port || 80} after 1 ms: Connection refused\n(no ingress controller the simulation models listens there)\n`, 7);
    return viaIngress(view, ctx, r);
  }
  const port = Number(r.url.port || (r.url.protocol === "https:" ? 443 : 80));
  if (from === undefined) {
    return failed(`curl: (6) Could not resolve host: ${r.url.hostname}\n(outside the cluster only the Ingress hosts resolve; run it in a pod: kubectl exec POD -- curl ${r.url.href})\n`, 6);
  }
  const named = serviceNamed(view, ctx, r.url.hostname);
  if (!named) {
    const pod = view.pods.find((p) => podIp(p) === r.url.hostname);
    if (pod) return pod.status === "Ready" ? appAnswer(ctx, pod.workload, r.url.pathname, r) : connectError(r, "refused", port);
    return failed(`curl: (6) Could not resolve host: ${r.url.hostname}\n`, 6);
  }
  if ("world" in named) {
    const ports = ctx.world.cluster.services[named.world] ?? [];
    if (!ports.includes(port)) return connectError(r, "dropped", port);
    return ok(`${r.include ? "HTTP/1.1 200 OK\n\n" : ""}(the connection reached ${named.world}, a Service of the cluster that is not in the manifests; what it answers is not modelled)\n`);
  }
  const source: TrafficSource = { namespace: from.namespace, labels: podLabels(from), namespaceLabels: namespaceLabels(view.applied, from.namespace), ip: "10.244.0.9" };
  const hop = throughService(view, named.manifest, port, source);
  if (hop.reached) return appAnswer(ctx, hop.workload, r.url.pathname, r);
  if (hop.why === "unknown") return ok(`(whether ${named.manifest.name} answers is not known to the simulation: it has no selector)\n`);
  return connectError(r, hop.why === "dropped" ? "dropped" : "refused", port);
}
