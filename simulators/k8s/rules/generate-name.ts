/**
 * K8S014: an object named only by metadata.generateName. `kubectl apply` refuses it before sending anything
 * (it needs the name to find the live object), while `kubectl create` sends it and the API server adds five
 * random characters to the prefix. Which command deploys the file is not in the file, so this is a warning
 * that says both; the object is then simulated as created, under a generated name.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { stringAt } from "../object.js";
import { CONFIG } from "./fixtures.js";

const JOB = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  generateName: migrate-\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n        - name: migrate\n          image: ghcr.io/acme/web:1.0\n";

export const generateName = k8sRule({
  code: "K8S014",
  name: "generate-name",
  summary: "An object has metadata.generateName and no name: kubectl create accepts it, kubectl apply refuses it",
  stage: "deploy",
  severity: "warning",
  phase: "identify",
  // Only objects that ask for a generated name: when both are written, the name is used and generateName ignored.
  applies: objectsWhere((o) => o.apiVersion !== "" && o.kind !== "" && (stringAt(o.value, ["metadata", "generateName"]) ?? "") !== ""),
  on: {
    "object-read"(e, ctx) {
      const prefix = stringAt(e.value, ["metadata", "generateName"]) ?? "";
      if (prefix === "" || (stringAt(e.value, ["metadata", "name"]) ?? "") !== "") return;
      ctx.report(
        at(e.object, ["metadata", "generateName"]),
        `error: from ${prefix}: cannot use generate name with apply (kubectl apply needs metadata.name to find the live object; kubectl create accepts generateName and the API server names the object ${prefix} plus five random characters)`,
      );
    },
  },
  cases: {
    valid: [{ name: "a name beside generateName", files: { "k8s/config.yaml": CONFIG.replace("  name: web-config", "  name: web-config\n  generateName: web-config-") } }],
    invalid: [
      { name: "a Job created per run", files: { "k8s/job.yaml": JOB }, file: "k8s/job.yaml", line: 4, message: "error: from migrate-: cannot use generate name with apply" },
      { name: "kubectl create names it", files: { "k8s/config.yaml": CONFIG.replace("  name: web-config", "  generateName: web-config-") }, line: 4, message: "kubectl create accepts generateName" },
    ],
  },
});
