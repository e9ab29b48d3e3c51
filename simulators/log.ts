/**
 * Renders the episode's error_message from diagnostics sorted in pipeline order: the real tool's log of the
 * first failure when the simulator kept one, else the failing stage's errors on that file, one per line.
 */
import type { Diagnostic } from "./diagnostic.js";

export function renderFirstFailure(sorted: readonly Diagnostic[]): string | null {
  const first = sorted.find((d) => d.severity === "error");
  if (!first) return null;
  if (first.log) return first.log;
  return sorted
    .filter((d) => d.severity === "error" && d.stage === first.stage && d.file === first.file)
    .map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`)
    .join("\n");
}
