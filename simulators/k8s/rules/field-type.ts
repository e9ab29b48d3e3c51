/** K8S005: a field of the wrong JSON type (`containerPort: "8080"`); the API server cannot decode the object. */
import { validatorFor } from "../api-catalogue.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { goStructOf, goTypeOf, jsonTypeOf } from "../go-types.js";
import { cannotBeHandled } from "../messages.js";
import { APP_FILES, DEPLOYMENT, SERVICE, WORLD } from "./fixtures.js";

export const fieldType = k8sRule({
  code: "K8S005",
  name: "field-type",
  summary: "A field has the wrong type (a quoted number, a string for a list): the API server cannot decode the object",
  stage: "deploy",
  severity: "error",
  phase: "decode",
  applies: objectsWhere((o) => validatorFor(o.apiVersion, o.kind) !== undefined),
  on: {
    "object-decoded"(e, ctx) {
      const o = e.object;
      for (const m of e.typeMismatches) {
        // Go names the field by its path without indices; an array element is named by its array.
        const names = m.path.filter((s): s is string => typeof s === "string");
        const field = names[names.length - 1] ?? o.kind;
        const elementOf = typeof m.path[m.path.length - 1] === "number";
        const goType = elementOf ? goTypeOf(m.expected, "") : goTypeOf(m.expected, field);
        const where = names.length === 0 ? `Go value of type ${goType}` : `Go struct field ${goStructOf(o.kind, names)}.${names.join(".")} of type ${goType}`;
        ctx.report(at(o, m.path), cannotBeHandled(o, `json: cannot unmarshal ${jsonTypeOf(m.value)} into ${where}`));
      }
    },
  },
  cases: {
    valid: [{ files: APP_FILES, world: WORLD }],
    invalid: [
      {
        name: "quoted containerPort",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("containerPort: 8080", 'containerPort: "8080"') },
        file: "k8s/deployment.yaml",
        line: 22,
        message: 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32',
      },
      { name: "Service port as a word", files: { "k8s/service.yaml": SERVICE.replace("port: 80", "port: eighty") }, line: 10, message: "cannot unmarshal string into Go struct field ServicePort.spec.ports.port of type int32" },
      { name: "replicas as a string", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("replicas: 2", 'replicas: "2"') }, line: 8, message: "Go struct field DeploymentSpec.spec.replicas of type int32" },
      // go-yaml v2 reads YAML 1.1's yes/no/on/off as booleans: an unquoted `yes` is not the string the field needs.
      { name: "env value as an unquoted yes", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("          env:\n", "          env:\n            - name: VERBOSE\n              value: yes\n") }, message: "cannot unmarshal bool into Go struct field EnvVar.spec.template.spec.containers.env.value of type string" },
      { name: "env value as a number", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("          env:\n", "          env:\n            - name: PORT\n              value: 8080\n") }, message: "cannot unmarshal number into Go struct field EnvVar.spec.template.spec.containers.env.value of type string" },
    ],
  },
});
