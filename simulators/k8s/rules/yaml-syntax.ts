/** K8S001: a file kubectl cannot read as YAML, or a document that is not a mapping. */
import { k8sRule, manifestFiles } from "../events.js";
import { isObject } from "../object.js";
import { kubectlYamlError } from "../yaml-errors.js";

const CONFIG_MAP = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n  LOG_LEVEL: info\n";

export const yamlSyntax = k8sRule({
  code: "K8S001",
  name: "yaml-syntax",
  summary: "A manifest is not valid YAML, one of its documents is not a mapping, or it exceeds the API server's 3 MiB request limit",
  stage: "deploy",
  severity: "error",
  phase: "read",
  applies: manifestFiles,
  on: {
    "manifest-file"(e, ctx) {
      for (const d of e.documents) {
        if (d.problem) {
          // go-yaml lists unmarshal errors on lines of their own: the message is kubectl's output on one line.
          const output = d.problem.message ?? kubectlYamlError(e.file, d.problem.line, d.problem.detail);
          ctx.report({ line: d.problem.line, column: d.problem.column }, output.replace(/\n\s*/g, " "), output.includes("\n") ? { log: output } : {});
        } else if (!isObject(d.value)) {
          const found = Array.isArray(d.value) ? "array" : typeof d.value === "number" ? "number" : typeof d.value === "boolean" ? "bool" : "string";
          ctx.report({ line: d.line, column: 1 }, `error: unable to decode "${e.file}": json: cannot unmarshal ${found} into Go value of type map[string]interface {}`);
        }
      }
    },
  },
  cases: {
    valid: [
      { files: { "k8s/config.yaml": CONFIG_MAP } },
      { name: "comments and empty documents", files: { "k8s/all.yaml": `# app\n---\n${CONFIG_MAP}---\n# nothing here\n---\n` } },
      {
        name: "anchors and merge keys within a document",
        files: { "k8s/config.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\n  labels: &labels\n    app: web\n  annotations:\n    <<: *labels\n    team: web\ndata:\n  <<: *labels\n" },
      },
    ],
    invalid: [
      {
        name: "mapping value on a scalar line",
        files: { "k8s/config.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\n  labels: app: web\n" },
        file: "k8s/config.yaml",
        line: 5,
        message: "error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context",
      },
      { name: "tab indentation", files: { "k8s/config.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: x\n" }, line: 4, message: "found character that cannot start any token" },
      { name: "duplicate key", files: { "k8s/config.yaml": `${CONFIG_MAP}kind: Secret\n` }, line: 7, message: 'key "kind" already set in map' },
      { name: "scalar document", files: { "k8s/config.yaml": `${CONFIG_MAP}---\njust text\n` }, line: 8, message: "cannot unmarshal string into Go value of type map[string]interface {}" },
      {
        name: "a mapping used as a key (a template expression without its $)",
        files: { "k8s/secret.yaml": "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: {{ secrets.DB_PASSWORD }}\n" },
        line: 6,
        message: 'error converting YAML to JSON: yaml: invalid map key: map[interface {}]interface {}{"secrets.DB_PASSWORD":interface {}(nil)}',
      },
      {
        name: "an alias to another document's anchor",
        files: { "k8s/config.yaml": `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels: &labels\n    app: web\n---\n${CONFIG_MAP.replace("  name: app-config\n", "  name: b\n  labels: *labels\n")}` },
        line: 8,
        message: "error: error parsing k8s/config.yaml: error converting YAML to JSON: yaml: unknown anchor 'labels' referenced",
      },
      { name: "alias bomb", files: { "k8s/bomb.yaml": `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${"*a, ".repeat(10)}*a]\nc: &c [${"*b, ".repeat(10)}*b]\n` }, message: "excessive aliasing" },
    ],
  },
});
