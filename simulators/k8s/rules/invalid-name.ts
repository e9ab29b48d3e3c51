/**
 * K8S011: container and port names the API server refuses (not a DNS-1123 label; a port name over 15
 * characters; a port given as a string that is no IANA service name, such as a quoted number, in a
 * container's probes, a Service's targetPort or a NetworkPolicy's ports), and the ConfigMap or Secret an env
 * entry or envFrom names left out: its `name` defaults to "", which the API server refuses rather than the
 * kubelet skipping the reference.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { arrayAt, formatPath, isObject, type FieldPath, type JsonObject } from "../object.js";
import { runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, SERVICE, WORLD, withFile } from "./fixtures.js";

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const SUBDOMAIN_ERROR = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_ERROR = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/** Why a port name is not an IANA service name, or undefined when it is one. */
function portNameProblem(name: string): string | undefined {
  if (name.length > 15) return "must be no more than 15 characters";
  if (!/^[-a-z0-9]+$/.test(name)) return "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)";
  if (!/[a-z]/.test(name)) return "must contain at least one letter (a-z)";
  if (name.startsWith("-") || name.endsWith("-") || name.includes("--")) return "must not begin or end with a hyphen, or contain adjacent hyphens";
  return undefined;
}

/**
 * What the API server says of the ConfigMap and Secret names a container's env and envFrom give: a key
 * selector's name must be a DNS-1123 subdomain (validateConfigMapKeySelector), an envFrom source's must be set.
 */
function configReferenceNames(container: JsonObject, base: FieldPath): [FieldPath, string][] {
  const out: [FieldPath, string][] = [];
  arrayAt(container, ["env"]).forEach((e, i) => {
    const from = isObject(e) ? e["valueFrom"] : undefined;
    if (!isObject(from)) return;
    for (const kind of ["configMapKeyRef", "secretKeyRef"]) {
      const ref = from[kind];
      if (!isObject(ref)) continue;
      const name = typeof ref["name"] === "string" ? ref["name"] : "";
      if (!DNS1123_SUBDOMAIN.test(name) || name.length > 253) out.push([[...base, "env", i, "valueFrom", kind, "name"], `Invalid value: ${JSON.stringify(name)}: ${SUBDOMAIN_ERROR}`]);
    }
  });
  arrayAt(container, ["envFrom"]).forEach((f, i) => {
    for (const kind of ["configMapRef", "secretRef"]) {
      const ref = isObject(f) ? f[kind] : undefined;
      if (isObject(ref) && (typeof ref["name"] !== "string" || ref["name"] === "")) out.push([[...base, "envFrom", i, kind, "name"], "Required value"]);
    }
  });
  return out;
}

export const invalidName = k8sRule({
  code: "K8S011",
  name: "invalid-name",
  summary: "A container name is not a DNS-1123 label, is repeated, or a port name is not a valid IANA service name",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  applies: objectsWhere((o) => runsPods(o) || o.kind === "Service" || o.kind === "NetworkPolicy"),
  on: {
    "object-validated"(e, ctx) {
      const o = e.object;
      // A port given as a string is a port name, an IANA service name: "3000" (quoted) is none, since a name needs a letter.
      const namedPort = (value: unknown, path: FieldPath) => {
        const problem = typeof value === "string" ? portNameProblem(value) : undefined;
        if (problem) ctx.report(at(o, path), isInvalid(o, `${formatPath(path)}: Invalid value: ${JSON.stringify(value)}: ${problem}`));
      };
      if (o.kind === "Service") {
        arrayAt(o.value, ["spec", "ports"]).forEach((p, i) => isObject(p) && namedPort(p["targetPort"], ["spec", "ports", i, "targetPort"]));
        return;
      }
      if (o.kind === "NetworkPolicy") {
        for (const direction of ["ingress", "egress"]) {
          arrayAt(o.value, ["spec", direction]).forEach((rule, i) =>
            arrayAt(rule, ["ports"]).forEach((p, j) => isObject(p) && namedPort(p["port"], ["spec", direction, i, "ports", j, "port"])),
          );
        }
        return;
      }
      const seen = new Set<string>();
      for (const c of e.containers) {
        const name = c.container["name"];
        if (typeof name !== "string") continue;
        const path = [...c.path, "name"];
        if (!DNS1123_LABEL.test(name) || name.length > 63) ctx.report(at(o, path), isInvalid(o, `${formatPath(path)}: Invalid value: ${JSON.stringify(name)}: ${LABEL_ERROR}`));
        else if (seen.has(name)) ctx.report(at(o, path), isInvalid(o, `${formatPath(path)}: Duplicate value: ${JSON.stringify(name)}`));
        seen.add(name);
        arrayAt(c.container, ["ports"]).forEach((p, i) => {
          const portName = isObject(p) ? p["name"] : undefined;
          const problem = typeof portName === "string" ? portNameProblem(portName) : undefined;
          const portPath = [...c.path, "ports", i, "name"];
          if (problem) ctx.report(at(o, portPath), isInvalid(o, `${formatPath(portPath)}: Invalid value: ${JSON.stringify(portName)}: ${problem}`));
        });
        configReferenceNames(c.container, c.path).forEach(([path, problem]) => ctx.report(at(o, path), isInvalid(o, `${formatPath(path)}: ${problem}`)));
        for (const kind of ["startupProbe", "livenessProbe", "readinessProbe"]) {
          for (const handler of ["httpGet", "tcpSocket"]) {
            const probe = c.container[kind];
            const spec = isObject(probe) ? probe[handler] : undefined;
            if (isObject(spec)) namedPort(spec["port"], [...c.path, kind, handler, "port"]);
          }
        }
      }
    },
  },
  cases: {
    valid: [{ files: APP_FILES, world: WORLD }],
    invalid: [
      {
        name: "upper case and underscore",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("- name: web\n", "- name: Web_App\n") },
        file: "k8s/deployment.yaml",
        line: 18,
        message: `spec.template.spec.containers[0].name: Invalid value: "Web_App": a lowercase RFC 1123 label must consist of`,
      },
      {
        name: "a Service's targetPort quoted: a port name must contain a letter",
        files: { ...APP_FILES, "k8s/service.yaml": SERVICE.replace("targetPort: http", 'targetPort: "8080"') },
        world: WORLD,
        file: "k8s/service.yaml",
        message: 'spec.ports[0].targetPort: Invalid value: "8080": must contain at least one letter (a-z)',
      },
      {
        name: "a probe's port quoted",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: 8080", '              path: /health\n              port: "8080"')),
        world: WORLD,
        message: 'livenessProbe.httpGet.port: Invalid value: "8080": must contain at least one letter (a-z)',
      },
      {
        name: "a NetworkPolicy's port quoted",
        files: {
          ...APP_FILES,
          "k8s/networkpolicy.yaml":
            "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: web\nspec:\n  podSelector:\n    matchLabels:\n      app: web\n  ingress:\n    - ports:\n        - port: \"8080\"\n",
        },
        world: WORLD,
        file: "k8s/networkpolicy.yaml",
        line: 11,
        message: 'The NetworkPolicy "web" is invalid: spec.ingress[0].ports[0].port: Invalid value: "8080": must contain at least one letter (a-z)',
      },
      {
        name: "an env entry's ConfigMap left unnamed",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("                secretKeyRef:\n                  name: web-db\n", "                secretKeyRef:\n")),
        world: WORLD,
        message: 'The Deployment "web" is invalid: spec.template.spec.containers[0].env[0].valueFrom.secretKeyRef.name: Invalid value: "": a lowercase RFC 1123 subdomain',
      },
      {
        name: "an envFrom source left unnamed",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("            - configMapRef:\n                name: web-config\n", "            - configMapRef:\n                optional: true\n")),
        world: WORLD,
        message: "spec.template.spec.containers[0].envFrom[0].configMapRef.name: Required value",
      },
      { name: "long port name", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("- name: http\n", "- name: http-metrics-port\n") }, line: 21, message: "must be no more than 15 characters" },
    ],
  },
});
