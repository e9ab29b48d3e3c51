/**
 * The kinds a current API server serves out of the box, taken from kubernetes-models, with their schema
 * validators. Versions that were beta or alpha are left out: current clusters no longer serve them
 * (extensions/v1beta1 Ingress, batch/v1beta1 CronJob, policy/v1beta1 PodDisruptionBudget ...), so kubectl
 * answers `no matches for kind` for them.
 */
import * as models from "kubernetes-models";

/** Checks data against a kind's schema; throws a ValidationError carrying ajv's `errors`. */
type Validator = (this: unknown) => void;

const VALIDATORS = new Map<string, Validator>();
/** API groups the server itself defines (`""` is core). Kinds of any other group come from CRDs. */
const BUILT_IN_GROUPS = new Set<string>();

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf("/");
  return slash < 0 ? "" : apiVersion.slice(0, slash);
}

export function versionOf(apiVersion: string): string {
  return apiVersion.slice(apiVersion.indexOf("/") + 1);
}

function collect(namespace: unknown, depth: number): void {
  if (typeof namespace !== "object" || namespace === null || depth > 3) return;
  for (const value of Object.values(namespace)) {
    if (typeof value === "function") {
      const model = value as unknown as { apiVersion?: unknown; kind?: unknown; prototype: { validate?: Validator } };
      if (typeof model.apiVersion !== "string" || typeof model.kind !== "string") continue;
      BUILT_IN_GROUPS.add(groupOf(model.apiVersion));
      const validate = model.prototype.validate;
      // A List is read into its items (lists.ts) and never applied itself: no server serves it as a resource.
      if (!/(alpha|beta)/.test(versionOf(model.apiVersion)) && !isListKind(model.kind) && validate) VALIDATORS.set(`${model.apiVersion}|${model.kind}`, validate);
    } else collect(value, depth + 1);
  }
}
collect(models, 0);
// The aggregated metrics API is served by metrics-server, not by the API server, like a CRD's group.
BUILT_IN_GROUPS.delete("metrics.k8s.io");

/** Whether `apiVersion` belongs to an API group of the API server itself (core, apps, batch, ...). */
export function isBuiltInGroup(apiVersion: string): boolean {
  return BUILT_IN_GROUPS.has(groupOf(apiVersion));
}

/** The schema validator of a served built-in kind, or undefined when the server does not serve it. */
export function validatorFor(apiVersion: string, kind: string): Validator | undefined {
  return VALIDATORS.get(`${apiVersion}|${kind}`);
}

/** `List` and `<Kind>List`: kinds of lists, which kubectl reads into their items and no server serves as objects. */
export function isListKind(kind: string): boolean {
  return kind === "List" || (kind.endsWith("List") && kind.length > 4);
}
