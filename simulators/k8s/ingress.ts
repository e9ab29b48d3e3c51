/** The backends an Ingress routes to: each rule's paths and the default backend, with their paths in the object. */
import { arrayAt, isObject, objectAt, stringAt, type FieldPath, type JsonObject, type K8sObject } from "./object.js";

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
