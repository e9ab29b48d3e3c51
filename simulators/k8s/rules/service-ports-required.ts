/**
 * K8S035: a Service that allocates a cluster IP lists no ports. The API server refuses it: only a headless
 * Service (`clusterIP: None`) or an ExternalName alias may have none, since there is no virtual IP to forward.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { arrayAt, objectAt } from "../object.js";
import { APP_FILES, SERVICE, WORLD } from "./fixtures.js";

const WITHOUT_PORTS = SERVICE.replace(/ {2}ports:\n[\s\S]*$/, "");

export const servicePortsRequired = k8sRule({
  code: "K8S035",
  name: "service-ports-required",
  summary: "A Service with a cluster IP lists no ports",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  applies: objectsWhere((o) => o.kind === "Service"),
  on: {
    "object-validated"(e, ctx) {
      const o = e.object;
      const spec = objectAt(o.value, ["spec"]) ?? {};
      if (spec["type"] === "ExternalName" || spec["clusterIP"] === "None") return;
      if (arrayAt(o.value, ["spec", "ports"]).length > 0) return;
      ctx.report(at(o, ["spec"]), isInvalid(o, "spec.ports: Required value"));
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "headless, no ports", files: { "k8s/deployment.yaml": APP_FILES["k8s/deployment.yaml"], "k8s/config.yaml": APP_FILES["k8s/config.yaml"], "k8s/service.yaml": `${WITHOUT_PORTS}  clusterIP: None\n` }, world: WORLD },
      { name: "an ExternalName alias", files: { "k8s/service.yaml": "apiVersion: v1\nkind: Service\nmetadata:\n  name: search\nspec:\n  type: ExternalName\n  externalName: search.example.com\n" } },
    ],
    invalid: [
      { name: "no ports", files: { "k8s/service.yaml": WITHOUT_PORTS }, file: "k8s/service.yaml", message: 'The Service "web" is invalid: spec.ports: Required value' },
      { name: "an empty list", files: { "k8s/service.yaml": `${WITHOUT_PORTS}  ports: []\n` }, message: "spec.ports: Required value" },
    ],
  },
});
