/**
 * What an ingress controller makes of an Ingress: the backends it routes to (each rule's paths and the default
 * backend, with their paths in the object), the Service and port each resolves to, and the class that decides
 * which controller serves it.
 */
import type { World } from "../world.js";
import { arrayAt, isObject, objectAt, stringAt, type FieldPath, type JsonObject, type K8sObject } from "./object.js";
import { routesToPods, servicePorts } from "./traffic.js";

export interface IngressBackend {
  service: string;
  port: { number?: number; name?: string };
  /** Path of the backend's `service` block. */
  path: FieldPath;
  /** `host/path` the backend serves, for messages. */
  route: string;
}

export function ingressBackends(ing: K8sObject): IngressBackend[] {
  const out: IngressBackend[] = [];
  const add = (backend: JsonObject | undefined, path: FieldPath, route: string) => {
    const service = backend ? objectAt(backend, ["service"]) : undefined;
    if (!service || typeof service["name"] !== "string") return;
    const port = objectAt(service, ["port"]) ?? {};
    out.push({
      service: service["name"],
      port: { ...(typeof port["number"] === "number" ? { number: port["number"] } : {}), ...(typeof port["name"] === "string" ? { name: port["name"] } : {}) },
      path: [...path, "service"],
      route,
    });
  };
  add(objectAt(ing.value, ["spec", "defaultBackend"]), ["spec", "defaultBackend"], "*");
  arrayAt(ing.value, ["spec", "rules"]).forEach((rule, r) => {
    const host = isObject(rule) && typeof rule["host"] === "string" ? rule["host"] : "*";
    arrayAt(rule, ["http", "paths"]).forEach((p, i) => {
      if (!isObject(p)) return;
      add(objectAt(p, ["backend"]), ["spec", "rules", r, "http", "paths", i, "backend"], `${host}${stringAt(p, ["path"]) ?? "/"}`);
    });
  });
  return out;
}

/** The Service a backend resolves to (in the Ingress's namespace), the port of it that the backend names, and whether anything gives it endpoints. */
export interface BackendTarget {
  service: K8sObject;
  port: JsonObject | undefined;
  endpointSource: boolean;
}

/**
 * Whether anything can give the Service endpoints: a selector, ExternalName, or Endpoints / EndpointSlices
 * applied for it by hand.
 */
function hasEndpointSource(applied: readonly K8sObject[], svc: K8sObject): boolean {
  if (routesToPods(svc) || stringAt(svc.value, ["spec", "type"]) === "ExternalName") return true;
  return applied.some(
    (o) =>
      o.namespace === svc.namespace &&
      ((o.kind === "Endpoints" && o.name === svc.name) || (o.kind === "EndpointSlice" && stringAt(o.value, ["metadata", "labels", "kubernetes.io/service-name"]) === svc.name)),
  );
}

/** Resolves backend `b` among the Services of its namespace; undefined when none has its name. */
export function resolveBackend(b: IngressBackend, services: readonly K8sObject[], applied: readonly K8sObject[]): BackendTarget | undefined {
  const service = services.find((s) => s.name === b.service);
  if (!service) return undefined;
  const port = servicePorts(service).map((p) => p.spec).find((p) => (b.port.number !== undefined ? p["port"] === b.port.number : p["name"] === b.port.name));
  return { service, port, endpointSource: hasEndpointSource(applied, service) };
}

/** The class an Ingress asks for and whether a controller of the cluster serves it. */
export interface IngressClassChoice {
  /** spec.ingressClassName, else the legacy `kubernetes.io/ingress.class` annotation. */
  name: string | undefined;
  field: FieldPath;
  /** The classes the cluster's controllers serve. */
  installed: readonly string[];
  /** The class an Ingress naming none gets: the cluster's default, else an applied IngressClass marked default. */
  defaultClass: string | undefined;
}

export function ingressClassOf(ing: K8sObject, world: World, appliedClasses: readonly K8sObject[]): IngressClassChoice {
  const installed = world.cluster.ingress_classes;
  // An IngressClass applied from the repository counts when it belongs to an installed controller's class name.
  const defaults = appliedClasses.filter((c) => stringAt(c.value, ["metadata", "annotations", "ingressclass.kubernetes.io/is-default-class"]) === "true" && installed.includes(c.name)).map((c) => c.name);
  const own = stringAt(ing.value, ["spec", "ingressClassName"]);
  return {
    name: own ?? stringAt(objectAt(ing.value, ["metadata", "annotations"]), ["kubernetes.io/ingress.class"]),
    field: own !== undefined ? ["spec", "ingressClassName"] : ["metadata", "annotations"],
    installed,
    defaultClass: world.cluster.default_ingress_class ?? defaults[0],
  };
}
