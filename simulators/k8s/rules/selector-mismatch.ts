/**
 * K8S010: a controller's selector does not match its own pod template's labels. The API server refuses
 * the object (it would create pods it cannot see and create more forever).
 */
import { isInvalid } from "../messages.js";
import { arrayAt, isObject, labelsAt, objectAt } from "../object.js";
import { defineRule } from "../rule.js";
import { DEPLOYMENT } from "./fixtures.js";

const CONTROLLERS = new Set(["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"]);

/** Whether a LabelSelector (matchLabels and matchExpressions) selects `labels`. */
export function labelSelectorMatches(selector: Record<string, unknown>, labels: Record<string, string>): boolean {
  const matchLabels = labelsAt(selector, ["matchLabels"]);
  if (!Object.entries(matchLabels).every(([k, v]) => labels[k] === v)) return false;
  return arrayAt(selector, ["matchExpressions"]).every((e) => {
    if (!isObject(e) || typeof e["key"] !== "string") return true;
    const value = labels[e["key"]];
    const values = Array.isArray(e["values"]) ? e["values"] : [];
    switch (e["operator"]) {
      case "In": return value !== undefined && values.includes(value);
      case "NotIn": return value === undefined || !values.includes(value);
      case "Exists": return value !== undefined;
      case "DoesNotExist": return value === undefined;
      default: return true;
    }
  });
}

/** Go's %#v of a map[string]string, as the API server prints it: keys sorted. */
function goMap(labels: Record<string, string>): string {
  const body = Object.keys(labels).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(labels[k])}`).join(", ");
  return `map[string]string{${body}}`;
}

export const selectorMismatch = defineRule({
  code: "K8S010",
  name: "selector-mismatch",
  summary: "A Deployment's (StatefulSet's, DaemonSet's) selector does not match its pod template labels",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  appliesTo: (o) => CONTROLLERS.has(o.kind),
  check(ctx) {
    for (const o of ctx.objects) {
      const selector = objectAt(o.value, ["spec", "selector"]);
      if (!selector) continue; // a missing selector is K8S008's
      const labels = labelsAt(o.value, ["spec", "template", "metadata", "labels"]);
      if (Object.keys(selector).length === 0 || (Object.keys(labelsAt(selector, ["matchLabels"])).length === 0 && arrayAt(selector, ["matchExpressions"]).length === 0)) {
        ctx.report(o, ["spec", "selector"], isInvalid(o, `spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment`));
      } else if (!labelSelectorMatches(selector, labels)) {
        ctx.report(o, ["spec", "template", "metadata", "labels"], isInvalid(o, `spec.template.metadata.labels: Invalid value: ${goMap(labels)}: \`selector\` does not match template \`labels\``));
      }
    }
  },
  cases: {
    valid: [
      { files: { "k8s/deployment.yaml": DEPLOYMENT } },
      { name: "template has more labels than the selector", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("      labels:\n        app: web\n", "      labels:\n        app: web\n        tier: front\n") } },
    ],
    invalid: [
      {
        name: "template labelled differently",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("      labels:\n        app: web\n", "      labels:\n        app: web-server\n") },
        file: "k8s/deployment.yaml",
        line: 14,
        message: 'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web-server"}: `selector` does not match template `labels`',
      },
      { name: "matchExpressions not satisfied", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("    matchLabels:\n      app: web\n", "    matchExpressions:\n      - key: tier\n        operator: Exists\n") }, message: "does not match template" },
    ],
  },
});
