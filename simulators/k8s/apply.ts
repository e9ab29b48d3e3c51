/**
 * `kubectl apply`, one object at a time: kubectl identifies the object (its apiVersion, kind and name and what
 * the API server serves for them), the API server decodes it against its kind's schema, then validates it.
 * Each step is an event the rules judge; an object a rule faults at a step is refused there, and does not
 * exist in the cluster.
 */
import type { UnitRun } from "../engine/engine.js";
import { isBuiltInGroup, isListKind, validatorFor } from "./api-catalogue.js";
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
  if (isListKind(o.kind)) return "list";
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

/** The events of each apply phase, built when the object gets there. */
const STEPS: Record<(typeof APPLY_PHASES)[number], (o: K8sObject) => K8sEvent> = {
  identify: (o) => ({ type: "object-read", object: o, file: o.file, apiVersion: o.apiVersion, kind: o.kind, name: o.name, namespace: o.namespace, value: o.value, mapping: mapping(o) }),
  decode: (o) => {
    const decoded = decode(o);
    return { type: "object-decoded", object: o, schema: validatorFor(o.apiVersion, o.kind) !== undefined, typeMismatches: decoded.typeMismatches, unknownFields: decoded.unknownFields, badQuantities: badQuantities(o) };
  },
  validate: (o) => {
    const containers = containersOf(o);
    // The OpenAPI schema leaves image optional (for pod templates of controllers that inject it); pods need one.
    const missingRequired = [...decode(o).missingRequired, ...containers.filter((c) => c.container["image"] === undefined).map((c) => [...c.path, "image"])];
    return { type: "object-validated", object: o, schema: validatorFor(o.apiVersion, o.kind) !== undefined, missingRequired, unsupported: decode(o).unsupported, containers, selector: templateSelector(o) };
  },
};

/** Applies one object; false when the API server (or kubectl) refused it. */
export function applyObject(unit: ObjectUnit, o: K8sObject): boolean {
  for (const phase of APPLY_PHASES) {
    unit.enter(phase);
    if (unit.emit(STEPS[phase](o)).failed) {
      unit.stop([]);
      unit.emit({ type: "object-applied", object: o, accepted: false, refusedAt: phase });
      return false;
    }
  }
  unit.emit({ type: "object-applied", object: o, accepted: true, refusedAt: undefined });
  return true;
}
