/** K8S011: container and port names the API server refuses (not a DNS-1123 label; a port name over 15 characters). */
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { arrayAt, formatPath, isObject } from "../object.js";
import { runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD } from "./fixtures.js";

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_ERROR = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/** Why a port name is not an IANA service name, or undefined when it is one. */
function portNameProblem(name: string): string | undefined {
  if (name.length > 15) return "must be no more than 15 characters";
  if (!/^[-a-z0-9]+$/.test(name)) return "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)";
  if (!/[a-z]/.test(name)) return "must contain at least one letter (a-z)";
  if (name.startsWith("-") || name.endsWith("-") || name.includes("--")) return "must not begin or end with a hyphen, or contain adjacent hyphens";
  return undefined;
}

export const invalidName = k8sRule({
  code: "K8S011",
  name: "invalid-name",
  summary: "A container name is not a DNS-1123 label, is repeated, or a port name is not a valid IANA service name",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  applies: objectsWhere(runsPods),
  on: {
    "object-validated"(e, ctx) {
      const o = e.object;
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
      { name: "long port name", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("- name: http\n", "- name: http-metrics-port\n") }, line: 21, message: "must be no more than 15 characters" },
    ],
  },
});
