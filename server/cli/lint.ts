/**
 * `breakfix lint`: the simulators' checks on a user's own files (SPEC §3). This module reads the command line,
 * runs the plan of lint-plan.ts (which files go to the pure `lintFiles` together) and prints what comes back,
 * with paths as the user wrote them.
 */
import path from "node:path";
import { diagnosticKey, formatDiagnostic, oneLine, type Diagnostic } from "../../simulators/diagnostic.js";
import { lintFiles, type LintKind } from "../../simulators/index.js";
import { choice, parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { collectTargets, isDirectory, type LintTarget } from "./lint-files.js";
import { planLint } from "./lint-plan.js";
import { LINT_USAGE } from "./usage.js";

const KINDS = ["auto", "dockerfile", "workflow", "k8s"] as const;

/** Lints the named files; exit 1 when any error-severity diagnostic is found. */
export function runLint(args: string[], io: CliIO): number {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      format: { type: "string" },
      kind: { type: "string" },
      context: { type: "string" },
      "no-context": { type: "boolean" },
    },
    LINT_USAGE,
    true,
  );
  if (values.help) {
    io.stdout(LINT_USAGE);
    return EXIT.ok;
  }
  const format = choice("format", values.format, ["text", "json"] as const, "text", LINT_USAGE);
  const kind = choice("kind", values.kind, KINDS, "auto", LINT_USAGE);
  if (values.context !== undefined && values["no-context"]) {
    throw new UsageError("--context and --no-context exclude each other", LINT_USAGE);
  }
  if (positionals.length === 0) throw new UsageError("no PATH given", LINT_USAGE);
  let contextDir: string | null | undefined; // undefined: each Dockerfile's directory; null: no context
  if (values["no-context"]) contextDir = null;
  else if (values.context !== undefined) {
    contextDir = path.resolve(io.cwd, values.context);
    if (!isDirectory(contextDir)) throw new UsageError(`--context ${values.context}: not a directory`, LINT_USAGE);
  }

  const targets = collectTargets(positionals, io.cwd);
  const diagnostics = lintTargets(
    targets,
    io.cwd,
    kind,
    contextDir,
    (t) => io.stderr(`breakfix lint: ${t.display}: not a Dockerfile, workflow or Kubernetes manifest; skipped (use --kind)\n`),
    (note) => io.stderr(`${note}\n`),
  );
  if (format === "json") io.stdout(`${JSON.stringify(diagnostics, null, 2)}\n`);
  else io.stdout(diagnostics.map((d) => `${formatDiagnostic(d)}\n`).join(""));
  return diagnostics.some((d) => d.severity === "error") ? EXIT.findings : EXIT.ok;
}

/**
 * Diagnostics for every target, in target order, each finding once. The plan (lint-plan.ts) groups the targets
 * by repository and gives each run what its checks read; `notes` hears what the runs could not check.
 */
export function lintTargets(
  targets: readonly LintTarget[],
  cwd: string,
  kind: LintKind,
  contextDir: string | null | undefined,
  skipped: (target: LintTarget) => void,
  notes: (note: string) => void = () => undefined,
): LintDiagnostic[] {
  const plan = planLint(targets, cwd, kind, contextDir);
  for (const t of plan.unchecked) if (t.explicit) skipped(t);
  if (plan.withoutWorkspace.length > 0) notes(workspaceNote(plan.withoutWorkspace));
  const order = new Map(targets.map((t, i) => [t.display, i]));
  const seen = new Set<string>();
  return plan.runs
    .flatMap((run) =>
      lintFiles([...run.files.values()], run.options).flatMap((d) => {
        const shown = run.shown.get(d.file);
        // Context files are not what the user asked about; their findings are not reported.
        return shown === undefined ? [] : [publicDiagnostic(d, shown)];
      }),
    )
    .filter((d) => {
      // One fault met twice (two jobs running one aliased step, two matrix legs) is one finding to fix.
      const key = diagnosticKey(d);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code));
}

/** The one line saying which workflows ran without their repository's files, and what that leaves unchecked. */
function workspaceNote(files: readonly string[]): string {
  const named = files.length <= 3 ? files.join(", ") : `${files.slice(0, 3).join(", ")} and ${files.length - 3} more`;
  const one = files.length === 1;
  return `breakfix lint: note: ${one ? "1 workflow is" : `${files.length} workflows are`} not under a repository's .github/workflows/ (${named}), so no workspace is known: the files ${one ? "its" : "their"} steps read were not checked`;
}

/** A finding as lint reports it; `detail` keeps a message that spans lines as it was, when `message` had to fold it. */
export type LintDiagnostic = Diagnostic & { detail?: string };

/**
 * The fields SPEC §3 lists, in that order (the internal `log` is for episodes, not for lint output), with the
 * message on one line.
 */
function publicDiagnostic(d: Diagnostic, file: string): LintDiagnostic {
  const message = oneLine(d.message);
  return { file, line: d.line, column: d.column, code: d.code, severity: d.severity, message, stage: d.stage, ...(message === d.message ? {} : { detail: d.message }) };
}
