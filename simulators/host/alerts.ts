/**
 * A host's error_message, as the on-call engineer's pager shows it: every failing check, most urgent first
 * (what customers and the people who log in see, then the services, then configuration, resources, jobs),
 * followed by the logs of the most urgent alert of each of the three most urgent kinds, which say why.
 */
import type { Diagnostic } from "../diagnostic.js";

const URGENCY = ["HOST030", "HOST031", "HOST010", "HOST001", "HOST002", "HOST003", "HOST004", "HOST006", "HOST011", "HOST013", "HOST014", "HOST015", "HOST032", "HOST034", "HOST033", "HOST035", "HOST005", "HOST020", "HOST021", "HOST022"];

function rank(d: Diagnostic): number {
  const at = URGENCY.indexOf(d.code);
  return at < 0 ? URGENCY.length : at;
}

export function renderHostAlerts(diagnostics: readonly Diagnostic[]): string | null {
  const errors = diagnostics.filter((d) => d.severity === "error").sort((a, b) => rank(a) - rank(b) || a.file.localeCompare(b.file) || a.line - b.line);
  if (errors.length === 0) return null;
  const lines = [`${errors.length} alert${errors.length === 1 ? "" : "s"} firing:`, ...errors.map((d) => `- ${d.message} [${d.code} /${d.file}:${d.line}]`)];
  const kinds = new Set<string>();
  for (const d of errors) {
    if (kinds.has(d.code) || kinds.size >= 3) continue;
    kinds.add(d.code);
    if (d.log) lines.push("", d.log);
  }
  return lines.join("\n");
}
