/**
 * A container's resources as the scheduler and the kernel see them: what the scheduler counts against the
 * node (the request, or the limit when only a limit is set, since the API server copies it into the
 * request), and the memory limit the kernel enforces.
 */
import { objectAt, valueAt, type FieldPath, type JsonObject } from "./object.js";
import { parseQuantity } from "./quantity.js";
import type { ContainerRef } from "./workload.js";

/** A quantity read from a field: its value (cores, bytes) and the field's path in the container's object. */
export interface Request {
  value: number;
  path: FieldPath;
}

/** What the scheduler counts for `resource` of container `c`. */
export function schedulingRequest(c: ContainerRef, resource: "cpu" | "memory"): Request | undefined {
  for (const kind of ["requests", "limits"]) {
    const v = parseQuantity(valueAt(c.container, ["resources", kind, resource]));
    if (v !== undefined) return { value: v, path: [...c.path, "resources", kind, resource] };
  }
  return undefined;
}

/** The memory limit as written, and in bytes when it parses. */
export function memoryLimit(c: ContainerRef): { written: unknown; bytes: number | undefined } {
  const written = valueAt(c.container, ["resources", "limits", "memory"]);
  return { written, bytes: parseQuantity(written) };
}

/** The container's requests and limits as written. */
export function resourcesOf(container: JsonObject): { requests: JsonObject; limits: JsonObject } {
  return { requests: objectAt(container, ["resources", "requests"]) ?? {}, limits: objectAt(container, ["resources", "limits"]) ?? {} };
}
