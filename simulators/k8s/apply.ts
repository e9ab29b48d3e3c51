/**
 * `kubectl apply`, one object at a time: kubectl identifies the object (its apiVersion, kind and name and what
 * the API server serves for them), the API server decodes it against its kind's schema, then validates it.
 * Each step is an event the rules judge; an object a rule faults at a step is refused there, and does not
 * exist in the cluster.
 */
import type { UnitRun } from "../engine/engine.js";
import { isBuiltInGroup, validatorFor } from "./api-catalogue.js";
import { decode } from "./decode.js";
import type { K8sEvent, K8sSubject, ObjectReadEvent, TemplateSelector } from "./events.js";
import { APPLY_PHASES } from "./events.js";
import { formatPath, objectAt, type FieldPath, type K8sObject } from "./object.js";
import { parseQuantity } from "./quantity.js";
import { isEmptySelector, labelSelectorMatches } from "./selectors.js";
import { containersOf, podLabels, runsPods } from "./workload.js";

type ObjectUnit = UnitRun<K8sEvent, K8sSubject>;

function mapping(o: K8sObject): ObjectReadEvent["mapping"] {
  if (!isBuiltInGroup(o.apiVersion)) return "custom";
  return validatorFor(o.apiVersion, o.kind) ? "served" : "not-served";
}

/**
 * Quantities the API server cannot read: those the schema's format rejects, and container resources that
 * Kubernetes' own parser rejects (the schema's format admits SI prefixes Kubernetes does not: h, da, Y ...).
 */
function badQuantities(o: K8sObject): FieldPath[] {
  const bad: FieldPath[] = decode(o).badQuantities.map((q) => q.path);
  for (const c of containersOf(o)) {
    for (const kind of ["limits", "requests"]) {
      for (const [name, q] of Object.entries(objectAt(c.container, ["resources", kind]) ?? {})) {
        const path = [...c.path, "resources", kind, name];
        if (typeof q === "string" && parseQuantity(q) === undefined && !bad.some((b) => formatPath(b) === formatPath(path))) bad.push(path);
      }
    }
  }
  return bad;
}

function templateSelector(o: K8sObject): TemplateSelector | undefined {
  const selector = runsPods(o) ? objectAt(o.value, ["spec", "selector"]) : undefined;
  if (!selector) return undefined;
  const templateLabels = podLabels(o);
  return { written: selector, templateLabels, empty: isEmptySelector(selector), selectsTemplate: labelSelectorMatches(selector, templateLabels) };
}

/** Whether two field names are one written wrong for the other: `selectr` for `selector`, `Ports` for `ports`. */
function misspelt(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y || (Math.min(x.length, y.length) >= 3 && (x.includes(y) || y.includes(x)))) return true;
  // Levenshtein distance, within a third of the longer name.
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[y.length]! <= Math.max(1, Math.floor(Math.max(x.length, y.length) / 3));
}

/**
 * Validation findings that follow from a decode failure rather than stand beside it: a required field missing
 * where an unknown one is its misspelling or its mis-indented copy (`selectr:`, `containers:` one level up), or
 * anything inside a field of the wrong type.
 */
function dependsOnDecode(o: K8sObject, path: FieldPath): boolean {
  const decoded = decode(o);
  const name = String(path[path.length - 1]);
  const within = (p: FieldPath, outer: FieldPath) => outer.every((seg, i) => p[i] === seg);
  return decoded.unknownFields.some((u) => misspelt(String(u[u.length - 1]), name)) || decoded.typeMismatches.some((m) => within(path, m.path));
}

/** The events of each apply phase, built when the object gets there; `refused`: an earlier phase refused it. */
const STEPS: Record<(typeof APPLY_PHASES)[number], (o: K8sObject, refused: boolean) => K8sEvent> = {
  identify: (o) => ({ type: "object-read", object: o, file: o.file, apiVersion: o.apiVersion, kind: o.kind, name: o.name, namespace: o.namespace, value: o.value, mapping: mapping(o) }),
  decode: (o) => {
    const decoded = decode(o);
    return { type: "object-decoded", object: o, schema: validatorFor(o.apiVersion, o.kind) !== undefined, typeMismatches: decoded.typeMismatches, unknownFields: decoded.unknownFields, badQuantities: badQuantities(o) };
  },
  validate: (o, refused) => {
    const containers = containersOf(o);
    const independent = (p: FieldPath) => !refused || !dependsOnDecode(o, p);
    // The OpenAPI schema leaves image optional (for pod templates of controllers that inject it); pods need one.
    const missingRequired = [...decode(o).missingRequired, ...containers.filter((c) => c.container["image"] === undefined).map((c) => [...c.path, "image"])].filter(independent);
    const unsupported = decode(o).unsupported.filter((u) => independent(u.path));
    return { type: "object-validated", object: o, schema: validatorFor(o.apiVersion, o.kind) !== undefined, missingRequired, unsupported, containers, selector: templateSelector(o), decodeExplains: (p) => !independent(p) };
  },
};

/**
 * Applies one object; false when the API server (or kubectl) refused it. The real API server stops at the first
 * phase that refuses an object. With `exhaustive` (linting, where every independent finding is wanted at
 * once), an object of a served kind goes on through the later apply phases after a refusal, so a missing name,
 * an unknown field and an invalid value elsewhere show together; it is refused all the same.
 */
export function applyObject(unit: ObjectUnit, o: K8sObject, exhaustive = false): boolean {
  let refusedAt: (typeof APPLY_PHASES)[number] | undefined;
  for (const phase of APPLY_PHASES) {
    if (refusedAt !== undefined && !(exhaustive && validatorFor(o.apiVersion, o.kind) !== undefined)) break;
    unit.enter(phase);
    if (unit.emit(STEPS[phase](o, refusedAt !== undefined)).failed) refusedAt ??= phase;
  }
  if (refusedAt !== undefined) {
    unit.stop([]);
    unit.emit({ type: "object-applied", object: o, accepted: false, refusedAt });
    return false;
  }
  unit.emit({ type: "object-applied", object: o, accepted: true, refusedAt: undefined });
  return true;
}
