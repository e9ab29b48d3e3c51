/**
 * K8S010: a controller's selector does not match its own pod template's labels. The API server refuses
 * the object (it would create pods it cannot see and create more forever). A controller with no selector
 * at all selects nothing, so apps/v1 reports the mismatch next to the missing selector (K8S008), as
 * manifests from the extensions/v1beta1 days meet it: `[spec.selector: Required value,
 * spec.template.metadata.labels: Invalid value: …: \`selector\` does not match template \`labels\`]`.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { valueAt } from "../object.js";
import { podLabels, templatePath } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

const CONTROLLERS = new Set(["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"]);

/** Go's %#v of a map[string]string, as the API server prints it: keys sorted; a template without labels has a nil map. */
function goMap(labels: Record<string, string> | undefined): string {
  if (labels === undefined) return "map[string]string(nil)";
  const body = Object.keys(labels).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(labels[k])}`).join(", ");
  return `map[string]string{${body}}`;
}

export const selectorMismatch = k8sRule({
  code: "K8S010",
  name: "selector-mismatch",
  summary: "A Deployment's (StatefulSet's, DaemonSet's) selector does not match its pod template labels",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  applies: objectsWhere((o) => CONTROLLERS.has(o.kind)),
  on: {
    "object-validated"(e, ctx) {
      const o = e.object;
      const labels = valueAt(o.value, [...(templatePath(o) ?? []), "metadata", "labels"]) === undefined ? undefined : podLabels(o);
      const mismatch = () => ctx.report(at(o, ["spec", "template", "metadata", "labels"]), isInvalid(o, `spec.template.metadata.labels: Invalid value: ${goMap(labels)}: \`selector\` does not match template \`labels\``));
      if (!e.selector) {
        // No selector (K8S008 says it is required) selects no pods, its template's included.
        if (valueAt(o.value, ["spec", "selector"]) == null && !e.decodeExplains(["spec", "selector"])) mismatch();
        return;
      }
      if (e.selector.empty) {
        ctx.report(at(o, ["spec", "selector"]), isInvalid(o, `spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment`));
      } else if (!e.selector.selectsTemplate) {
        mismatch();
      }
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "template has more labels than the selector", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("      labels:\n        app: web\n", "      labels:\n        app: web\n        tier: front\n")), world: WORLD },
    ],
    invalid: [
      {
        name: "template labelled differently",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("      labels:\n        app: web\n", "      labels:\n        app: web-server\n") },
        file: "k8s/deployment.yaml",
        line: 14,
        message: 'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web-server"}: `selector` does not match template `labels`',
      },
      {
        name: "no selector at all",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("  selector:\n    matchLabels:\n      app: web\n", "") },
        file: "k8s/deployment.yaml",
        message: 'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`',
      },
      { name: "matchExpressions not satisfied", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("    matchLabels:\n      app: web\n", "    matchExpressions:\n      - key: tier\n        operator: Exists\n") }, message: "does not match template" },
    ],
  },
});
