/**
 * kubectl reads manifests with sigs.k8s.io/yaml, which wraps go-yaml: a malformed file is refused with
 * go-yaml's words, not those of the `yaml` package we parse with. This maps one onto the other.
 */
import type { YAMLError } from "yaml";

/** go-yaml's wording for each `yaml` package error code, for the errors manifests really contain. */
const GO_YAML_WORDING: Record<string, string> = {
  BLOCK_AS_IMPLICIT_KEY: "mapping values are not allowed in this context",
  MULTILINE_IMPLICIT_KEY: "mapping values are not allowed in this context",
  TAB_AS_INDENT: "found character that cannot start any token",
  BAD_DQ_ESCAPE: "found unknown escape character",
  MISSING_CHAR: "did not find expected '-' indicator",
  BAD_INDENT: "did not find expected key",
  UNEXPECTED_TOKEN: "did not find expected key",
  BAD_ALIAS: "unknown anchor referenced",
  BAD_SCALAR_START: "found character that cannot start any token",
  BLOCK_IN_FLOW: "did not find expected ',' or ']'",
  RESOURCE_EXHAUSTION: "exceeded max depth of 10000",
  KEY_OVER_1024_CHARS: "could not find expected ':'",
};

/**
 * The message `kubectl apply` prints for a YAML error in `file` at `line`.
 * @example kubectlYamlError("k8s/app.yaml", 4, "mapping values are not allowed in this context")
 */
export function kubectlYamlError(file: string, line: number, detail: string): string {
  // Duplicate keys are found while unmarshalling, after scanning succeeded, so go-yaml words them differently.
  const where = detail.startsWith("key ") ? `unmarshal errors:\n  line ${line}: ` : `line ${line}: `;
  return `error: error parsing ${file}: error converting YAML to JSON: yaml: ${where}${detail}`;
}

/** go-yaml's description of a `yaml` package error. */
export function goYamlDetail(error: YAMLError): string {
  if (error.code === "BAD_INDENT" && /Flow (sequence|mapping)/.test(error.message)) {
    return /sequence/.test(error.message) ? "did not find expected ',' or ']'" : "did not find expected ',' or '}'";
  }
  return GO_YAML_WORDING[error.code] ?? "could not find expected ':'";
}
