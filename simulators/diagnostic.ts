/**
 * The one shape every simulator reports in: a finding on a file and line, tagged with the stable code of
 * the rule that made it and the pipeline stage where a real run would meet it.
 */
import { z } from "zod";
import type { RuleCode } from "./rule-codes.js";

/** Stages in the order a real delivery meets them; a failure at one hides everything after it. */
export const STAGES = ["parse", "job_graph", "build", "push", "deploy", "runtime", "traffic"] as const;
export const StageSchema = z.enum(STAGES);
export type Stage = z.infer<typeof StageSchema>;

export const SeveritySchema = z.enum(["error", "warning"]);
export type Severity = z.infer<typeof SeveritySchema>;

export const DiagnosticSchema = z.object({
  file: z.string().describe("Repository-relative path of the file the finding is on"),
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  code: z.string().describe("Stable rule id: DF… Dockerfile, GHA… workflow, K8S… Kubernetes, PIPE… cross-file"),
  severity: SeveritySchema,
  message: z.string().describe("The error as the real tool prints it"),
  stage: StageSchema,
  log: z.string().optional().describe("The real tool's output around the error, for the episode's error_message"),
});
/** A finding; its code is one of the registry's (the wire schema says string, the type says which). */
export type Diagnostic = Omit<z.infer<typeof DiagnosticSchema>, "code"> & { code: RuleCode };

export function stageIndex(stage: Stage): number {
  return STAGES.indexOf(stage);
}

/** Pipeline order first, then file and position, so the first diagnostic is the one a run meets first. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    stageIndex(a.stage) - stageIndex(b.stage) ||
    (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1) ||
    a.file.localeCompare(b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    a.code.localeCompare(b.code)
  );
}

/**
 * A message on one line: a value GitHub quotes from a block scalar (`Unexpected value 'maybe\nyes\n'`) keeps its
 * line breaks, written as `\n`, so that each finding stays one `file:line:col:` line for the tools that read them.
 */
export function oneLine(message: string): string {
  return message.replace(/\r\n|\r|\n/g, "\\n");
}

/** `file:line:col: severity CODE: message`, the format of `breakfix lint --format text`, one line each. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${oneLine(d.message)}`;
}

/** What makes two findings the same one (several matrix legs or platforms meeting one fault). */
export function diagnosticKey(d: Diagnostic): string {
  return JSON.stringify([d.file, d.line, d.column, d.code, d.message, d.stage]);
}
