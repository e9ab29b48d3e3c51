/**
 * What the API server's decoder and its OpenAPI schema make of an object: wrong JSON types, unknown fields
 * (strict field validation, kubectl's default since 1.25), missing required fields, unsupported enum values
 * and malformed quantities. Computed once per object and shared by the rules that report each kind.
 */
import { validatorFor } from "./api-catalogue.js";
import { isObject, type FieldPath, type K8sObject } from "./object.js";

export interface TypeMismatch {
  path: FieldPath;
  expected: string;
  value: unknown;
}

export interface DecodeResult {
  typeMismatches: TypeMismatch[];
  unknownFields: FieldPath[];
  missingRequired: FieldPath[];
  unsupported: { path: FieldPath; value: unknown; allowed: unknown[] }[];
  badQuantities: { path: FieldPath; value: unknown }[];
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: { type?: string; missingProperty?: string; format?: string; allowedValues?: unknown[] };
}

/** Fields each validated object was read at; "all" for maps the validator iterates (labels, data, ...). */
type Reads = Map<object, Set<PropertyKey> | "all">;

/**
 * Wraps `value` so that every property the schema validator reads is recorded. The compiled validator reads
 * exactly the properties its schema declares, so a key it never read is one the schema does not know:
 * the proxy gives strict field validation without a second copy of the schema.
 */
function tracked(value: unknown, reads: Reads): unknown {
  if (typeof value !== "object" || value === null) return value;
  const note = (target: object, key: PropertyKey) => {
    const seen = reads.get(target) ?? new Set<PropertyKey>();
    if (seen !== "all") seen.add(key);
    reads.set(target, seen);
  };
  return new Proxy(value, {
    get(target, key, receiver) {
      note(target, key);
      return tracked(Reflect.get(target, key, receiver), reads);
    },
    has(target, key) {
      note(target, key);
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      reads.set(target, "all");
      return Reflect.ownKeys(target);
    },
  });
}

function pathOf(instancePath: string): FieldPath {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function valueAtPath(root: unknown, path: FieldPath): unknown {
  let v: unknown = root;
  for (const seg of path) v = typeof v === "object" && v !== null ? (v as Record<string | number, unknown>)[seg] : undefined;
  return v;
}

/**
 * Fields the kubernetes-models validators never read although the API has them: its generator drops
 * properties named like JSON Schema annotations (`description`, as in PriorityClass) and the CRD schema's
 * `x-kubernetes-*` extensions. Never reported as unknown.
 */
function droppedBySchemaPackage(key: string): boolean {
  return key === "description" || key.startsWith("x-kubernetes-");
}

function collectUnknown(value: unknown, path: FieldPath, reads: Reads, out: FieldPath[]): void {
  // An explicit stack: a hostile manifest may nest far deeper than the call stack allows.
  const stack: { value: unknown; path: FieldPath }[] = [{ value, path }];
  while (stack.length > 0) {
    const { value: v, path: p } = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    const seen = reads.get(v);
    // Never read: the schema does not describe it (free-form, or already a type error); nothing to say.
    if (seen === undefined) continue;
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: [...p, i] }));
      continue;
    }
    for (const [key, child] of Object.entries(v)) {
      if (seen !== "all" && !seen.has(key) && !droppedBySchemaPackage(key)) out.push([...p, key]);
      else stack.push({ value: child, path: [...p, key] });
    }
  }
}

/**
 * Fields the OpenAPI schema lists as required (its generator marks every field without `omitempty`) that the
 * API server does not require: it defaults them before validating (a pod failure policy pattern's status is
 * True), or its validation takes the empty value (a NetworkPolicy without podSelector selects every pod of its
 * namespace; a PriorityClass without value has priority 0).
 */
const NOT_REQUIRED: readonly { kind?: string; parent: RegExp; field: string }[] = [
  { parent: /\/podFailurePolicy\/rules\/\d+\/onPodConditions\/\d+$/, field: "status" },
  { kind: "NetworkPolicy", parent: /^\/spec$/, field: "podSelector" },
  { kind: "PriorityClass", parent: /^$/, field: "value" },
];

function requiredByServer(kind: string, instancePath: string, field: string): boolean {
  return !NOT_REQUIRED.some((n) => n.field === field && (n.kind === undefined || n.kind === kind) && n.parent.test(instancePath));
}

const cache = new WeakMap<K8sObject, DecodeResult>();

/** Decodes `o` against the schema of its kind; an empty result for kinds without a schema (CRDs). */
export function decode(o: K8sObject): DecodeResult {
  const hit = cache.get(o);
  if (hit) return hit;
  const result: DecodeResult = { typeMismatches: [], unknownFields: [], missingRequired: [], unsupported: [], badQuantities: [] };
  cache.set(o, result);
  const validate = validatorFor(o.apiVersion, o.kind);
  if (!validate) return result;
  const reads: Reads = new Map();
  let errors: AjvError[] = [];
  try {
    validate.call(tracked(o.value, reads));
  } catch (e) {
    const list = isObject(e) ? e["errors"] : undefined;
    errors = Array.isArray(list) ? (list as AjvError[]) : [];
  }
  // A quantity field fails several alternatives at once (number, string format, oneOf): one finding for it.
  const quantityPaths = new Set(errors.filter((e) => e.params.format === "quantity").map((e) => e.instancePath));
  const reported = new Set<string>();
  for (const e of errors) {
    const path = pathOf(e.instancePath);
    if (quantityPaths.has(e.instancePath)) {
      if (!reported.has(e.instancePath)) result.badQuantities.push({ path, value: valueAtPath(o.value, path) });
      reported.add(e.instancePath);
    } else if (e.keyword === "type" && !reported.has(e.instancePath)) {
      reported.add(e.instancePath);
      result.typeMismatches.push({ path, expected: e.params.type ?? "object", value: valueAtPath(o.value, path) });
    } else if (e.keyword === "required" && e.params.missingProperty && requiredByServer(o.kind, e.instancePath, e.params.missingProperty)) {
      result.missingRequired.push([...path, e.params.missingProperty]);
    } else if (e.keyword === "enum") {
      result.unsupported.push({ path, value: valueAtPath(o.value, path), allowed: e.params.allowedValues ?? [] });
    }
  }
  collectUnknown(o.value, [], reads, result.unknownFields);
  return result;
}
